import {execFileSync} from 'node:child_process'
import {mkdirSync, readdirSync, readFileSync, lstatSync, readlinkSync, symlinkSync, truncateSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {gzipSync} from 'node:zlib'
import {main} from '../../tools/cli.js'
import {tempFolder} from '../helpers/temp.js'

/**
 * Run one hostile case: build its project (a reports repository) in a fresh
 * folder, run the command in-process, and return what a user would see, how
 * long it took, and whether the project is byte-identical afterwards. Both its folders are
 * removed when the test is done.
 *
 * @typedef {import('../fixtures/hostile/cases.js').Case} Case
 * @typedef {import('../fixtures/hostile/cases.js').Content} Content
 */

/** A file outside every case's project, with something a leak would show. */
export const SECRET = `TOKEN=${'s3cr3t-'.repeat(20)}end`

/** @param {Case} c */
export async function runCase(c) {
  const root = tempFolder('benchdoc-hostile-')
  const outside = join(tempFolder('benchdoc-outside-'), 'environ')
  writeFileSync(outside, `${SECRET}\n`)
  // a reports repository, which every command that works on one needs
  writeFileSync(join(root, 'config.toml'), '[params.benchdoc]\n')
  if (c.committed) {
    // a reports repository whose `committed` files are main's last commit, `files` then changed on top
    for (const [path, content] of Object.entries(c.committed)) materialize(join(root, path), content, outside)
    const git = (/** @type {string[]} */ ...args) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {cwd: root, stdio: 'ignore'})
    git('init', '-q', '-b', 'main')
    git('add', '-A')
    git('commit', '-q', '-m', 'base')
  }
  for (const [path, content] of Object.entries(c.files)) materialize(join(root, path), content, outside)
  const before = snapshot(root)
  let out = ''
  let err = ''
  const started = Date.now()
  const code = await main(c.argv, {cwd: root, env: {}, out: (t) => void (out += t), err: (t) => void (err += t)})
  return {code, out, err, ms: Date.now() - started, unchanged: snapshot(root) === before, root}
}

/**
 * The line of stderr a case is judged by: its first problem (`…: error: …`),
 * else its first line.
 * @param {string} stderr
 */
export function keyLine(stderr) {
  const lines = stderr.split('\n')
  return lines.find((l) => /:\d+:\d+: error: /.test(l)) ?? lines[0]
}

/** @param {string} path @param {Content} content @param {string} outside */
function materialize(path, content, outside) {
  mkdirSync(dirname(path), {recursive: true})
  if (typeof content === 'string' || content instanceof Uint8Array) writeFileSync(path, content)
  else if ('symlink' in content) symlinkSync(content.symlink === 'SELF' ? path : content.symlink === '$OUTSIDE' ? outside : content.symlink, path)
  else if ('fifo' in content) execFileSync('mkfifo', [path])
  else if ('dir' in content) mkdirSync(path)
  else if ('sparse' in content) {
    writeFileSync(path, '')
    truncateSync(path, content.sparse)
  } else {
    const gz = gzipSync(content.gzip)
    writeFileSync(path, content.cut ? gz.subarray(0, content.cut) : gz)
  }
}

/** Every entry under `root` with its kind and content (links by target), as one string. @param {string} root */
function snapshot(root) {
  // git's own files change when a command reads the history (its index is refreshed); .benchdoc/
  // is the build's cache of what it derived, not the project
  const own = (/** @type {string} */ f) => !['.git', '.benchdoc'].some((d) => f === d || f.startsWith(`${d}/`))
  return readdirSync(root, {recursive: true}).map(String).filter(own).sort().map((f) => {
    const path = join(root, f)
    const stat = lstatSync(path)
    if (stat.isSymbolicLink()) return `${f} -> ${readlinkSync(path)}`
    if (!stat.isFile()) return `${f} (${stat.isDirectory() ? 'dir' : 'special'})`
    return `${f} ${stat.size} ${readFileSync(path).toString('base64').slice(0, 2000)}`
  }).join('\n')
}
