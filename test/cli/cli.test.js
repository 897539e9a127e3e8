import {spawnSync} from 'node:child_process'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {HELP} from '../../tools/cli.js'
import {HELP as VALIDATE_HELP} from '../../tools/validate/command.js'
import {ROOT} from '../helpers/paths.js'

const cli = (/** @type {string[]} */ args) => spawnSync(process.execPath, [join(ROOT, 'tools/cli.js'), ...args], {cwd: ROOT, encoding: 'utf8'})

describe('benchdoc', () => {
  test('should print its help on --help and exit 0', () => {
    const result = cli(['--help'])
    expect(result.status).toBe(0)
    expect(result.stdout).toBe(HELP)
    expect(HELP).toContain('Usage: benchdoc <command> [options]')
  })

  test('should print its help and exit 2 without a command', () => {
    const result = cli([])
    expect(result.status).toBe(2)
    expect(result.stdout).toBe(HELP)
  })

  test('should name the commands it knows when given an unknown one, and exit 2', () => {
    const result = cli(['frobnicate'])
    expect(result.status).toBe(2)
    expect(result.stderr).toBe('benchdoc frobnicate: Unknown command `frobnicate`, expected one of: validate, build, serve, import, export, run, collect, noise, review, i18n, init, setup, migrate\n')
  })

  test('should print a command\'s own help, whatever else is given', () => {
    const result = cli(['validate', '--help'])
    expect(result.status).toBe(0)
    expect(result.stdout).toBe(VALIDATE_HELP)
    expect(cli(['validate', '--bogus', 'x.yaml', '-h'])).toMatchObject({status: 0, stdout: VALIDATE_HELP, stderr: ''})
  })
})
