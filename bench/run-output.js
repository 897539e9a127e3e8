import {spawn} from 'node:child_process'

/**
 * Run a command to its end and return its output (stdout and stderr); a
 * non-zero exit rejects with the output's tail.
 * @param {string} command @param {string[]} args
 * @param {{cwd?: string, session?: boolean}} [options]  session: in a session of its own (setsid)
 * @returns {Promise<string>}
 */
export function runOutput(command, args, {cwd, session = false} = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd, detached: session, stdio: ['ignore', 'pipe', 'pipe']})
    let out = ''
    child.stdout.on('data', (d) => void (out += d))
    child.stderr.on('data', (d) => void (out += d))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} exited ${code}:\n${out.slice(-500)}`))))
  })
}
