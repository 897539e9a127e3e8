import {spawn} from 'node:child_process'
import {cpSync, existsSync, readFileSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {buildSite} from '../../tools/site/build.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {fixture} from '../helpers/paths.js'
import {CLI, runCli, tempDir} from '../run/helpers.js'

/**
 * SIGKILL at moments spread over a command's work: whatever the moment, each
 * file it writes is either as it was or complete (writes are atomic), and
 * running the command again finishes the job. The run command's SIGKILL test
 * is in test/run/interrupt.server.test.js.
 */

/** Start `node args` and SIGKILL it after `ms`. @param {string[]} args @param {string} cwd @param {number} ms */
function killAfter(args, cwd, ms) {
  const child = spawn(process.execPath, args, {cwd, stdio: 'ignore'})
  const timer = setTimeout(() => child.kill('SIGKILL'), ms)
  return new Promise((resolve) => child.on('close', () => {
    clearTimeout(timer)
    resolve(undefined)
  }))
}

describe('SIGKILL', () => {
  it('should leave import\'s data and narrative each absent or complete, and a second import should finish', async () => {
    const reference = tempDir()
    cpSync(fixture('import/en-side-by-side.md'), join(reference, 'report.md'))
    expect((await runCli(['import', 'report.md'], {cwd: reference})).code).toBe(0)
    const [data] = readdirSync(join(reference, 'data', 'reports'))
    const [id] = readdirSync(join(reference, 'content', 'narrative'))
    const files = [join('data', 'reports', data), join('content', 'narrative', id, 'en.md')]
    const complete = files.map((f) => readFileSync(join(reference, f), 'utf8'))
    for (const ms of [60, 120, 200, 300, 450, 700]) {
      const dir = tempDir()
      cpSync(fixture('import/en-side-by-side.md'), join(dir, 'report.md'))
      await killAfter([CLI, 'import', 'report.md'], dir, ms)
      files.forEach((f, i) => {
        if (existsSync(join(dir, f))) expect(readFileSync(join(dir, f), 'utf8'), `${f} after ${ms} ms`).toBe(complete[i])
      })
      expect((await runCli(['import', 'report.md', '--force'], {cwd: dir})).code).toBe(0)
      files.forEach((f, i) => expect(readFileSync(join(dir, f), 'utf8')).toBe(complete[i]))
    }
  }, 120_000)

  it('should leave a build\'s derived files whole, and the next build should succeed', async () => {
    const report = readFileSync(fixture('validate/minimal.yaml'), 'utf8')
    const {root, env} = fixtureSite({'data/reports/minimal.yaml': report, 'content/narrative/minimal/en.md': '---\nreport: minimal\nlang: en\n---\n\n## Purpose {#purpose}\n\nWhy.\n'})
    const script = `import {buildSite} from ${JSON.stringify(new URL('../../tools/site/build.js', import.meta.url).href)}; await buildSite({root: ${JSON.stringify(root)}, env: process.env})`
    for (const ms of [400, 900, 1600]) {
      await killAfter(['--input-type=module', '-e', script], root, ms)
      const derived = existsSync(join(root, '.benchdoc')) ? readdirSync(join(root, '.benchdoc'), {recursive: true}).map(String) : []
      for (const f of derived) {
        if (f.endsWith('.json')) expect(() => JSON.parse(readFileSync(join(root, '.benchdoc', f), 'utf8')), f).not.toThrow()
        if (f.endsWith('.svg')) expect(readFileSync(join(root, '.benchdoc', f), 'utf8').trim(), f).toMatch(/<\/svg>$/)
      }
    }
    const result = await buildSite({root, env})
    expect(result.built).toBe(true)
    expect(readFileSync(join(root, 'public/en/reports/minimal/index.html'), 'utf8')).toContain('1,000.50')
  }, 120_000)
})
