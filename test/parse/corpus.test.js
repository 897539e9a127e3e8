import {readdirSync, readFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'
import {describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {main} from '../../tools/cli.js'

/**
 * The corpus of real sysbench logs (test/fixtures/sysbench-logs/): each is
 * read by `benchdoc collect` exactly as its manifest says, figures and
 * messages alike.
 */

const dir = fileURLToPath(new URL('../fixtures/sysbench-logs/', import.meta.url))
const manifest = /** @type {{logs: Array<{file: string, source: {repository: string, path: string, commit: string}, kept: string, read: string, exit: number, points?: Array<Record<string, unknown>>, stderr: string[]}>}} */ (
  parse(readFileSync(`${dir}manifest.yaml`, 'utf8'))
)

/** @param {string} file */
async function collect(file) {
  let out = ''
  let err = ''
  const code = await main(['collect', file], {cwd: dir, env: {}, out: (t) => void (out += t), err: (t) => void (err += t)})
  const points = out ? /** @type {Array<Record<string, any>>} */ (parse(out)).map(({log, intervals, ...p}) => ({...p, intervals: intervals?.length ?? 0, log})) : undefined
  return {code, points, stderr: err.split('\n').filter(Boolean)}
}

describe('the corpus of real sysbench logs', () => {
  it('should hold at least 30 logs from other people’s repositories, every one with its source, and no file the manifest does not list', () => {
    const files = readdirSync(dir).filter((f) => f !== 'manifest.yaml').sort()
    expect(manifest.logs.map((l) => l.file).sort()).toEqual(files)
    expect(files.length).toBeGreaterThanOrEqual(30)
    for (const l of manifest.logs) expect(l.source.commit).toMatch(/^[0-9a-f]{40}$/)
    expect(new Set(manifest.logs.map((l) => l.source.repository)).size).toBeGreaterThanOrEqual(12)
  })

  it('should span sysbench 0.4 to 1.0, OLTP and other tests, runs that died and excerpts', () => {
    const versions = new Set(manifest.logs.map((l) => /^(\d+\.\d+)/.exec(l.file)?.[1]))
    expect([...versions].sort()).toEqual(['0.4', '0.5', '1.0'])
    const refusals = manifest.logs.flatMap((l) => l.stderr).join('\n')
    for (const test of ['cpu', 'memory', 'fileio']) expect(refusals).toContain(`a sysbench \`${test}\` test`)
    expect(refusals).toContain('an excerpt of sysbench')
    expect(refusals).toContain('FATAL: unable to connect to MySQL server')
  })

  it.each(manifest.logs.map((l) => [l.file, l]))('%s: should give exactly what its manifest says', async (file, log) => {
    const l = /** @type {(typeof manifest.logs)[number]} */ (log)
    const result = await collect(/** @type {string} */ (file))
    expect(result).toEqual({code: l.exit, points: l.points?.map((p) => ({...p, log: file})), stderr: l.stderr})
  })
})
