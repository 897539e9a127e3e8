import {spawnSync} from 'node:child_process'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {HELP} from '../../tools/i18n/command.js'
import {main} from '../../tools/cli.js'
import {LABELS, project} from './project.js'
import {ROOT} from '../helpers/paths.js'
import {exactly} from '../helpers/exact.js'

const cli = (/** @type {string[]} */ args) =>
  spawnSync(process.execPath, [join(ROOT, 'tools/cli.js'), 'i18n', ...args], {cwd: ROOT, encoding: 'utf8'})

describe('benchdoc i18n', () => {
  test('should print its help and exit 0 with `--help`', async () => {
    let out = ''
    const code = await main(['i18n', '--help'], {out: (t) => void (out += t), err: () => {}, cwd: ROOT, env: {}})
    expect(code).toBe(0)
    expect(out).toBe(HELP)
    expect(HELP.split('\n')[0]).toBe('Usage: benchdoc i18n check [report-id...] [--lang LANG]')
  })

  test('should reject a missing or unknown subcommand and a stray option as usage errors', async () => {
    const p = project({'i18n/en.yaml': LABELS.en})
    await expect(p.run([])).rejects.toThrow(exactly('Missing subcommand, expected one of: check, stamp, status, init, add-language'))
    await expect(p.run(['fix'])).rejects.toThrow(exactly('Unknown subcommand `fix`, expected one of: check, stamp, status, init, add-language'))
    await expect(p.run(['check', '--all'])).rejects.toThrow(exactly('Unexpected `--all` for `check`, expected it only with `stamp`'))
    await expect(p.run(['status', 'x'])).rejects.toThrow(exactly('Unexpected arguments, expected `status` alone'))
  })

  test('should exit 2 from the CLI on wrong usage', () => {
    const result = cli(['--bogus'])
    expect(result.status).toBe(2)
    expect(result.stderr).toBe("benchdoc i18n: Unknown option '--bogus'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- \"--bogus\"\n")
  })
})

describe('benchdoc i18n on this repository', () => {
  test('should find the labels and every bundled translation complete, current and faithful', () => {
    const result = cli(['check'])
    expect(result.stderr).toMatch(/^3 label files and \d+ reports checked: 0 errors, 0 warnings\n$/)
    expect(result.status).toBe(0)
  })

  test('should show every bundled translation as ok', () => {
    const result = cli(['status'])
    expect(result.status).toBe(0)
    const lines = result.stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^report +en +zh +ja$/)
    for (const id of ['tidb-v2.0.0-rc6-vs-v1.0.8', 'tidb-v3.0.0-vs-v2.1.13', 'tidb-v4.0-vs-v3.0', 'tidb-v6.0.0-vs-v5.1.4', 'tidb-v8.1.0']) {
      expect(lines.find((l) => l.startsWith(`${id} `)), id).toMatch(/^\S+ +source +ok +ok$/)
    }
  })
})
