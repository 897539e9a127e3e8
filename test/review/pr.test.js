import {readFileSync, rmSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, test} from 'vitest'
import {schemaValidator} from '../../tools/validate/schema-check.js'
import {fixture} from '../helpers/paths.js'
import {CHANGES, benchdoc, git, makeOrigin, pullRequest} from './scripted-pr.js'

// A scripted pull request per case, in a clone of a bare "origin", reviewed
// as the CI workflow does. Expected outputs: test/fixtures/review/<case>.<format>
// (json with the base commit written as <commit>).

const FORMATS = {markdown: 'md', github: 'github.md', text: 'txt', json: 'json'}
/** Exit codes with --fail-on error and with --fail-on regression. */
const EXITS = {regression: [0, 1], noise: [0, 0], suspicious: [0, 0], 'stale-translation': [0, 0]}
/** The count review prints on stderr. */
const COUNTS = {
  regression: '1 report compared with origin/main: 0 errors, 0 warnings, 6 regressions, 2 drift\n',
  noise: '1 report compared with origin/main: 0 errors, 0 warnings, 0 regressions, 0 drift\n',
  suspicious: '1 report compared with origin/main: 0 errors, 2 warnings, 0 regressions, 0 drift\n',
  'stale-translation': '1 report compared with origin/main: 0 errors, 0 warnings, 0 regressions, 1 drift\n'
}

/** @type {{root: string, origin: string}} */
let where
/** @type {Record<string, string>} */
const clones = {}

beforeAll(async () => {
  where = await makeOrigin()
  for (const [name, change] of Object.entries(CHANGES)) clones[name] = await pullRequest(where, name, change)
})
afterAll(() => rmSync(where.root, {recursive: true, force: true}))

/** @param {string} dir */
const baseCommit = async (dir) => (await git(dir, ['rev-parse', 'origin/main'])).trim()

describe.each(Object.keys(CHANGES))('benchdoc review of a pull request with %s', (name) => {
  test.each(Object.entries(FORMATS))('should print exactly the expected %s review', async (format, ext) => {
    const dir = clones[name]
    const result = await benchdoc(dir, ['review', '--format', format])
    const expected = readFileSync(fixture(`review/${name}.${ext}`), 'utf8')
    expect(result.stdout.replaceAll(await baseCommit(dir), '<commit>')).toBe(expected)
    expect(result.stderr).toBe(COUNTS[/** @type {keyof typeof COUNTS} */ (name)])
    expect(result.status).toBe(EXITS[/** @type {keyof typeof EXITS} */ (name)][0])
  })

  test('should exit as --fail-on regression says: 1 on a regression, else as --fail-on error', async () => {
    expect((await benchdoc(clones[name], ['review', '--fail-on', 'regression'])).status).toBe(EXITS[/** @type {keyof typeof EXITS} */ (name)][1])
  })

  test('should print JSON that schemas/review.schema.json accepts', () => {
    // The expected output is the output (test above): validating it validates the output.
    const validate = schemaValidator('review')
    const valid = validate(JSON.parse(readFileSync(fixture(`review/${name}.json`), 'utf8').replace('<commit>', '0'.repeat(40))))
    expect(validate.errors ?? []).toEqual([])
    expect(valid).toBe(true)
  })
})

describe('benchdoc review --fail-on never', () => {
  test('should exit 0 on a regression', async () => {
    expect((await benchdoc(clones.regression, ['review', '--fail-on', 'never'])).status).toBe(0)
  })
})

describe('benchdoc review without a BASE to compare with', () => {
  test('should exit 2 in a shallow single-branch clone, saying how to fetch main', async () => {
    const dir = join(where.root, 'shallow')
    await git(where.root, ['clone', '-q', '--depth', '1', '--branch', 'main', `file://${where.origin}`, dir])
    await git(dir, ['checkout', '-q', '-b', 'pr'])
    await git(dir, ['update-ref', '-d', 'refs/remotes/origin/main'])
    await git(dir, ['branch', '-q', '-D', 'main'])
    for (const format of Object.keys(FORMATS)) {
      const result = await benchdoc(dir, ['review', '--format', format])
      expect(result.stdout).toBe('')
      expect(result.stderr).toBe(
        'benchdoc review: No BASE to compare with: neither origin/main nor main is a commit here (this clone is shallow); fetch it with `git fetch origin main:refs/remotes/origin/main` (in a shallow clone: `git fetch --unshallow origin`; with actions/checkout: `fetch-depth: 0`), or name BASE\n'
      )
      expect(result.status).toBe(2)
    }
  })

  test('should exit 2 when the history does not reach the merge base, saying how to fetch it', async () => {
    const dir = join(where.root, 'truncated')
    await git(where.root, ['clone', '-q', '--depth', '1', '--no-single-branch', `file://${where.origin}`, dir])
    await git(dir, ['checkout', '-q', '--orphan', 'pr'])
    await git(dir, ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'unrelated'])
    const result = await benchdoc(dir, ['review', '--format', 'github'])
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(
      'benchdoc review: No common history of origin/main and HEAD (this clone is shallow), so the changes of this branch cannot be told apart; fetch it with `git fetch origin main:refs/remotes/origin/main` (in a shallow clone: `git fetch --unshallow origin`; with actions/checkout: `fetch-depth: 0`), or name BASE\n'
    )
    expect(result.status).toBe(2)
  })
})
