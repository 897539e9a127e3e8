import {execFileSync, spawnSync} from 'node:child_process'
import {readFileSync, rmSync} from 'node:fs'
import {basename, join, relative} from 'node:path'
import {parse} from 'yaml'
import {describe, expect, test} from 'vitest'
import {VERSION, installTarball, packBenchdoc} from '../helpers/pack.js'
import {tempFolder} from '../helpers/temp.js'

/**
 * The documented install, until benchdoc is on npm: `npm install` of the
 * tarball `npm pack` made, from wherever it lies, then `benchdoc init`. The
 * repository is committed and cloned afresh, as a CI runner checks it out,
 * where the tarball is not: the install step of the workflows init wrote must
 * succeed there with an empty npm cache, from the registry and the repository
 * alone.
 */

const WHO = {GIT_AUTHOR_NAME: 'A', GIT_AUTHOR_EMAIL: 'a@example.com', GIT_COMMITTER_NAME: 'A', GIT_COMMITTER_EMAIL: 'a@example.com'}

/** @param {string} cwd @param {string[]} args */
const git = (cwd, args) => execFileSync('git', args, {cwd, encoding: 'utf8', env: {...process.env, ...WHO}})

/**
 * The npm commands of a workflow's steps, as CI runs them.
 * @param {string} file
 */
function npmCommands(file) {
  const workflow = parse(readFileSync(file, 'utf8'))
  /** @type {Array<{run?: string}>} */
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps ?? [])
  return steps.flatMap((step) => (step.run ?? '').split('\n').map((l) => l.trim()).filter((l) => l.startsWith('npm ')))
}

describe('a reports repository made with benchdoc installed from a tarball outside it', () => {
  test('should install in a fresh clone with an empty npm cache, as its workflows install it, without the tarball', () => {
    const tarball = packBenchdoc()
    const repo = tempFolder('benchdoc-reports-')
    installTarball(tarball, repo)
    const init = spawnSync(join(repo, 'node_modules', '.bin', 'benchdoc'), ['init', '.'], {cwd: repo, encoding: 'utf8'})
    expect(init.status).toBe(0)
    git(repo, ['init', '--quiet', '--initial-branch=main'])
    git(repo, ['add', '-A'])
    git(repo, ['commit', '--quiet', '-m', 'A reports repository'])
    // nothing outside the repository is left to install from
    rmSync(tarball)

    const clone = join(tempFolder('benchdoc-ci-'), 'reports')
    git(repo, ['clone', '--quiet', repo, clone])
    const commands = [...new Set([join(clone, '.github/workflows/benchdoc.yml'), join(clone, '.github/workflows/pages.yml')].flatMap(npmCommands))]
    expect(commands).toEqual(['npm install --no-audit --no-fund'])
    const cache = tempFolder('benchdoc-npm-cache-')
    const installed = spawnSync('sh', ['-c', commands[0]], {cwd: clone, encoding: 'utf8', env: {...process.env, npm_config_cache: cache}})
    expect(installed.stderr).toBe('')
    expect(installed.status).toBe(0)
    const validated = spawnSync(join(clone, 'node_modules', '.bin', 'benchdoc'), ['validate'], {cwd: clone, encoding: 'utf8'})
    expect(validated.stderr).toBe('0 files checked: 0 errors, 0 warnings\n')
    // package-lock.json named the copy already: npm changed only the name it takes from the folder
    expect(git(clone, ['status', '--porcelain'])).toBe(' M package-lock.json\n')
    expect(git(clone, ['diff', '--unified=0']).split('\n').filter((l) => /^[-+] /.test(l))).toEqual([`-  "name": "${basename(repo)}",`, '+  "name": "reports",'])
    // how: init committed a copy of the tarball, and said so
    expect(init.stderr).toContain(`\nvendor/benchdoc-${VERSION}.tgz: written (a copy of ${relative(repo, tarball)}, which benchdoc was installed from: package.json names the copy, so that a fresh clone installs it; commit it)\n`)
    expect(git(repo, ['ls-files', 'vendor'])).toBe(`vendor/benchdoc-${VERSION}.tgz\n`)
    expect(JSON.parse(readFileSync(join(clone, 'package.json'), 'utf8')).dependencies).toEqual({benchdoc: `file:vendor/benchdoc-${VERSION}.tgz`})
  }, 300_000)
})
