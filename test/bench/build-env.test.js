import {describe, expect, test} from 'vitest'
import {spawnSync} from 'node:child_process'
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {binFlags, buildEnv, droppedWords} from '../../bench/build-env.js'
import {PACKAGE_ROOT} from '../../tools/lib/root.js'

describe('the environment the benchmarks build in', () => {
  test('leaves NODE_EXTRA_CA_CERTS out, keeps the rest, adds what the bench sets, and says what it left out', () => {
    const {env, dropped} = buildEnv({PATH: '/usr/bin', NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/ca-certificates.crt'}, {HUGO: '/x/hugo'})
    expect(env).toEqual({PATH: '/usr/bin', HUGO: '/x/hugo'})
    expect(dropped).toEqual(['NODE_EXTRA_CA_CERTS'])
    expect(droppedWords(dropped)).toBe('builds run without NODE_EXTRA_CA_CERTS (read by every Node process at its start; a build opens no TLS connection)')
  })

  test('an environment without it is kept whole, and nothing is said', () => {
    const {env, dropped} = buildEnv({PATH: '/usr/bin'})
    expect(env).toEqual({PATH: '/usr/bin'})
    expect(droppedWords(dropped)).toBe('')
  })
})

describe('the Node flags the benchmarks build with', () => {
  test('are those of the first line of benchdoc\'s bin, where they are set', () => {
    expect(binFlags(PACKAGE_ROOT)).toEqual(['--min-semi-space-size=16', '--max-semi-space-size=32', '--interrupt-budget=540672'])
  })

  test('a script with the bin\'s first line, run as a command, starts Node with them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchdoc-bin-'))
    const script = join(dir, 'flags.js')
    const first = readFileSync(join(PACKAGE_ROOT, 'tools', 'cli.js'), 'utf8').split('\n', 1)[0]
    writeFileSync(script, `${first}\nconsole.log(JSON.stringify(process.execArgv))\n`, {mode: 0o755})
    const run = spawnSync(script, {encoding: 'utf8'})
    rmSync(dir, {recursive: true, force: true})
    expect(run.stderr).toBe('')
    expect(JSON.parse(run.stdout)).toEqual(['--min-semi-space-size=16', '--max-semi-space-size=32', '--interrupt-budget=540672'])
  })
})
