import {spawnSync} from 'node:child_process'
import {mkdirSync, rmSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {HELP} from '../../tools/review/command.js'
import {ROOT} from '../helpers/paths.js'
import {tempFolder} from '../helpers/temp.js'

const REPORT = `id: demo
kind: comparison
subjects:
  - {id: v1, product: MariaDB, version: 10.6.1}
  - {id: v2, product: MariaDB, version: 10.11.9}
metric: tps
plan:
  tables: 4
  time: 60
  workloads:
    - {name: oltp_read_write, threads: [8, 16]}
headlines:
  - {workload: oltp_read_write, subject: v2, change: 15}
results:
  - {subject: v1, workload: oltp_read_write, threads: 8, tps: 100.0, latency_p95: 12.30}
  - {subject: v2, workload: oltp_read_write, threads: 8, tps: 110.0, latency_p95: 11.65}
  - {subject: v1, workload: oltp_read_write, threads: 16, tps: 200.0, latency_p95: 20.00}
  - {subject: v2, workload: oltp_read_write, threads: 16, tps: 240.0, latency_p95: 18.10}
`

const NARRATIVE = `---
report: demo
lang: en
---

## Purpose {#purpose}

Is 10.11 faster?

## Conclusions {#conclusions}

Yes.
`

/** The change a pull request makes: one figure changed, a thread count added, the headline restated. */
const CHANGED = `${REPORT.replace('tps: 240.0, latency_p95: 18.10', 'tps: 250.0, latency_p95: 17.95')
  .replace('threads: [8, 16]', 'threads: [8, 16, 32]')
  .replace('change: 15}', 'change: 20.64}')}  - {subject: v1, workload: oltp_read_write, threads: 32, tps: 260.0, latency_p95: 35.59}
  - {subject: v2, workload: oltp_read_write, threads: 32, tps: 330.0, latency_p95: 30.26}
`

/** @param {string} cwd @param {string[]} args */
const git = (cwd, args) => {
  const result = spawnSync('git', args, {cwd, encoding: 'utf8'})
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`)
}

/**
 * A reports repository in git with the demo report and its narrative committed on main.
 * @returns {{dir: string, write: (path: string, text: string) => void}}
 */
function repo() {
  const dir = tempFolder('benchdoc-review-')
  const write = (/** @type {string} */ path, /** @type {string} */ text) => {
    mkdirSync(dirname(join(dir, path)), {recursive: true})
    writeFileSync(join(dir, path), text)
  }
  git(dir, ['init', '-q', '-b', 'main'])
  git(dir, ['config', 'user.name', 'Review Test'])
  git(dir, ['config', 'user.email', 'review@example.com'])
  git(dir, ['config', 'commit.gpgsign', 'false'])
  write('config.toml', '[params.benchdoc]\n')
  write('data/reports/demo.yaml', REPORT)
  write('content/narrative/demo/en.md', NARRATIVE)
  git(dir, ['add', '.'])
  git(dir, ['commit', '-q', '-m', 'demo report'])
  return {dir, write}
}

/** @param {string} cwd @param {string[]} args */
const review = (cwd, args = []) =>
  spawnSync(process.execPath, [join(ROOT, 'tools/cli.js'), 'review', ...args], {cwd, encoding: 'utf8'})

describe('benchdoc review', () => {
  test('should show a changed figure, an added point and the headlines as Markdown, and exit 0', () => {
    const {dir, write} = repo()
    write('data/reports/demo.yaml', CHANGED)
    const result = review(dir)
    expect(result.stdout).toBe(`# Report data changes since \`main\`

- 1 report changed.
- Verdicts of the 4 cells the change touches: 0 changed; now 0 faster, 0 slower, 0 equivalent, 0 inconclusive, 4 single run.
- Validation: 0 errors, 0 warnings; drift: 0 errors, 0 warnings.

## Changed workloads

- \`demo\` · \`oltp_read_write\` · v2: tps headline +15.00 % → +20.64 %, verdict single run (unchanged), estimate +14.89 % → +20.40 %

## demo (changed)

<details><summary>Points: 1 changed, 2 added</summary>

### Points changed (2 figures)

In every row: subject \`v2\`, workload \`oltp_read_write\`, threads \`16\`, clients \`1\`.

| Measure | Old | New | Change |
| --- | ---: | ---: | ---: |
| tps | 240.0 | 250.0 | +4.17 % better |
| latency_p95 | 18.10 | 17.95 | -0.83 % better |

### Points added

In every row: workload \`oltp_read_write\`, threads \`32\`, clients \`1\`.

| Subject | tps | latency_p95 |
| --- | ---: | ---: |
| v1 | 260.0 | 35.59 |
| v2 | 330.0 | 30.26 |

</details>

<details><summary>Verdicts of 4 cells against the baseline: 2 unchanged, 2 added or removed</summary>

In every row: subject \`v2\`, workload \`oltp_read_write\`, clients \`1\`.

| Threads | Measure | Change (95 % CI) | Verdict |
| ---: | --- | ---: | --- |
| 16 | tps | +20.00 % better → +25.00 % better | single run (unchanged) |
| 32 | tps | +26.92 % better | single run |
| 16 | latency_p95 | -9.50 % better → -10.25 % better | single run (unchanged) |
| 32 | latency_p95 | -14.98 % better | single run |

</details>

### Headlines

Derived: the mean of the per-point % changes over the baseline. Stated: as written in \`headlines\`.

| Workload | Subject | Metric | Derived | Stated |
| --- | --- | --- | ---: | ---: |
| oltp_read_write | v2 | tps | +15.00 % → +20.64 % | +15 % → +20.64 % |

### Fields changed

- \`plan.workloads[oltp_read_write].threads\`: \`[8, 16]\` → \`[8, 16, 32]\`
`)
    expect(result.stderr).toBe('1 report compared with main: 0 errors, 0 warnings, 0 regressions, 0 drift\n')
    expect(result.status).toBe(0)
    rmSync(dir, {recursive: true})
  })

  test('should print the same review as plain text with --format text', () => {
    const {dir, write} = repo()
    write('data/reports/demo.yaml', REPORT.replace('tps: 240.0', 'tps: 252.0').replace('change: 15}', 'change: 18}'))
    const result = review(dir, ['--format', 'text'])
    expect(result.stdout).toBe(`Report data changes since main
==============================

- 1 report changed.
- Verdicts of the 2 cells the change touches: 0 changed; now 0 faster, 0 slower, 0 equivalent, 0 inconclusive, 2 single run.
- Validation: 0 errors, 0 warnings; drift: 0 errors, 0 warnings.

Changed workloads
-----------------

- demo · oltp_read_write · v2: tps headline +15.00 % → +18.00 %, verdict single run (unchanged), estimate +14.89 % → +17.73 %

demo (changed)
--------------

Points: 1 changed
~~~~~~~~~~~~~~~~~

Points changed (1 figure):

In every row: clients 1.

Subject  Workload         Threads  Measure    Old    New          Change
-------  ---------------  -------  -------  -----  -----  --------------
v2       oltp_read_write       16  tps      240.0  252.0  +5.00 % better

Verdicts of 2 cells against the baseline: 2 unchanged
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

In every row: subject v2, workload oltp_read_write, threads 16, clients 1.

Measure                       Change (95 % CI)  Verdict
-----------  ---------------------------------  ----------------------
tps          +20.00 % better → +26.00 % better  single run (unchanged)
latency_p95         -9.50 % better (unchanged)  single run (unchanged)

Headlines:

Derived: the mean of the per-point % changes over the baseline. Stated: as written in headlines.

Workload         Subject  Metric              Derived         Stated
---------------  -------  ------  -------------------  -------------
oltp_read_write  v2       tps     +15.00 % → +18.00 %  +15 % → +18 %
`)
    expect(result.status).toBe(0)
    rmSync(dir, {recursive: true})
  })

  test('should include the validation problems of an invalid change and exit 1', () => {
    const {dir, write} = repo()
    write('data/reports/demo.yaml', REPORT.replace('tps: 240.0', 'tps: 250.0'))
    const result = review(dir)
    expect(result.status).toBe(1)
    expect(result.stdout).toContain(`## What looks wrong

- \`data/reports/demo.yaml:13:54\`: error: Stated oltp_read_write change 15 % disagrees with 17.500 % derived from the points (mean of per-point tps changes) [headline-agrees]
`)
    expect(result.stderr).toBe(
      'data/reports/demo.yaml:13:54: error: Stated oltp_read_write change 15 % disagrees with 17.500 % derived from the points (mean of per-point tps changes) [headline-agrees]\n' +
        '1 report compared with main: 1 error, 0 warnings, 0 regressions, 0 drift\n'
    )
    rmSync(dir, {recursive: true})
  })

  test('should not compare figures of a version that breaks the schema, and exit 1', () => {
    const {dir, write} = repo()
    write('data/reports/demo.yaml', REPORT.replace('tps: 240.0', 'tps: lots'))
    const result = review(dir)
    expect(result.status).toBe(1)
    expect(result.stdout).toBe(`# Report data changes since \`main\`

- 1 report changed.
- No comparison cell changed.
- Validation: **1 error, 0 warnings**; drift: 0 errors, 0 warnings.

## What looks wrong

- \`data/reports/demo.yaml:18:64\`: error: Unexpected \`lots\` at \`results.3.tps\`, expected number or null [schema/type]

## demo (changed)

Figures not compared: the new version is not valid report data.
`)
    rmSync(dir, {recursive: true})
  })

  test('should say so when nothing changed, and exit 0', () => {
    const {dir} = repo()
    const result = review(dir)
    expect(result.stdout).toBe('No report data changed since `main`.\n')
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    rmSync(dir, {recursive: true})
  })

  test('should say when a data file changed in comments or layout only', () => {
    const {dir, write} = repo()
    write('data/reports/demo.yaml', `# Measured again on 2026-01-05: same figures.\n${REPORT}`)
    const result = review(dir)
    expect(result.stdout).toBe(`# Report data changes since \`main\`

- 1 report changed.
- No comparison cell changed.
- Validation: 0 errors, 0 warnings; drift: 0 errors, 0 warnings.

## demo (changed)

No figure or field changed (formatting or comments only).
`)
    expect(result.status).toBe(0)
    rmSync(dir, {recursive: true})
  })

  test('should summarise an added and a removed report, and name changed narrative sections', () => {
    const {dir, write} = repo()
    write('data/reports/other.yaml', REPORT.replace('id: demo', 'id: other'))
    rmSync(join(dir, 'data/reports/demo.yaml'))
    write('content/narrative/demo/en.md', NARRATIVE.replace('Yes.', 'Yes, by 15 %.'))
    write('content/narrative/demo/ja.md', NARRATIVE.replace('lang: en', 'lang: ja'))
    const result = review(dir, ['HEAD'])
    expect(result.stdout).toBe(`# Report data changes since \`HEAD\`

- 1 report added, 1 removed.
- Verdicts of the 4 cells the change touches: 0 changed; now 0 faster, 0 slower, 0 equivalent, 0 inconclusive, 4 single run.
- Validation: 0 errors, 0 warnings; drift: 0 errors, 0 warnings.

## Changed workloads

- \`other\` · \`oltp_read_write\` · v2: tps headline +15.00 % (new), verdict single run (new), estimate +14.89 % (new)

## demo (removed)

Removed report, which had: 2 subjects (\`v1\`, \`v2\`), 1 workload (\`oltp_read_write\`), 4 points.

### Narrative

- \`en\`: sections changed \`conclusions\`
- \`ja\`: added

## other (added)

New report: 2 subjects (\`v1\`, \`v2\`), 1 workload (\`oltp_read_write\`), 4 points.

<details><summary>Verdicts of 4 cells against the baseline: 4 new</summary>

In every row: subject \`v2\`, workload \`oltp_read_write\`, clients \`1\`.

| Threads | Measure | Change (95 % CI) | Verdict |
| ---: | --- | ---: | --- |
| 8 | tps | +10.00 % better | single run |
| 16 | tps | +20.00 % better | single run |
| 8 | latency_p95 | -5.28 % better | single run |
| 16 | latency_p95 | -9.50 % better | single run |

</details>

### Headlines

Derived: the mean of the per-point % changes over the baseline. Stated: as written in \`headlines\`.

| Workload | Subject | Metric | Derived | Stated |
| --- | --- | --- | ---: | ---: |
| oltp_read_write | v2 | tps | +15.00 % | +15 % |
`)
    expect(result.status).toBe(0)
    rmSync(dir, {recursive: true})
  })

  test('should review only the paths given', () => {
    const {dir, write} = repo()
    write('data/reports/demo.yaml', REPORT.replace('time: 60', 'time: 120'))
    write('content/narrative/demo/en.md', NARRATIVE.replace('Yes.', 'No.'))
    const result = review(dir, ['main', 'content/narrative'])
    expect(result.stdout).toBe(`# Report data changes since \`main\`

- 1 report changed.
- No comparison cell changed.
- Validation: 0 errors, 0 warnings; drift: 0 errors, 0 warnings.

## demo (changed)

### Narrative

- \`en\`: sections changed \`conclusions\`
`)
    expect(result.status).toBe(0)
    rmSync(dir, {recursive: true})
  })

  test('should exit 2 with a clear message when BASE is not a git revision', () => {
    const {dir} = repo()
    const result = review(dir, ['no-such-branch'])
    expect(result.status).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(
      'benchdoc review: Unexpected `no-such-branch`, expected a git revision (BASE) or a file or folder: it is neither; if it is a branch of origin, fetch it with `git fetch origin no-such-branch:refs/remotes/origin/no-such-branch` (in a shallow clone: `git fetch --unshallow origin`; with actions/checkout: `fetch-depth: 0`)\n'
    )
    rmSync(dir, {recursive: true})
  })

  test('should exit 2 on an unknown option or format, and outside a git work tree', () => {
    const {dir} = repo()
    expect(review(dir, ['--bogus']).status).toBe(2)
    const format = review(dir, ['--format', 'html'])
    expect(format.status).toBe(2)
    expect(format.stderr).toBe('benchdoc review: Unexpected format `html`, expected `markdown`, `github`, `text` or `json`\n')
    rmSync(dir, {recursive: true})
    const bare = tempFolder('benchdoc-review-')
    writeFileSync(join(bare, 'config.toml'), '[params.benchdoc]\n')
    const outside = review(bare)
    expect(outside.status).toBe(2)
    expect(outside.stderr).toBe(
      `benchdoc review: Not inside a git work tree: ${bare} (review compares the working tree with a git revision)\n`
    )
    rmSync(bare, {recursive: true})
  })

  test('should print its help on --help and exit 0', () => {
    const result = review(ROOT, ['--help'])
    expect(result.status).toBe(0)
    expect(result.stdout).toBe(HELP)
    expect(HELP).toContain('Usage: benchdoc review [BASE] [--format markdown|github|text|json] [--fail-on error|regression|never] [paths...]')
  })
})

describe('benchdoc review on a branch that main has moved on from', () => {
  test('should compare with the merge base, so main\'s later changes are not shown as the branch\'s', () => {
    const {dir, write} = repo()
    git(dir, ['checkout', '-q', '-b', 'topic'])
    write('data/reports/demo.yaml', CHANGED)
    git(dir, ['commit', '-qam', 'topic: new figures'])
    git(dir, ['checkout', '-q', 'main'])
    write('content/narrative/demo/en.md', NARRATIVE.replace('Yes.', 'Yes, by a margin.'))
    git(dir, ['commit', '-qam', 'main: narrative edited'])
    git(dir, ['checkout', '-q', 'topic'])
    const fork = spawnSync('git', ['merge-base', 'main', 'HEAD'], {cwd: dir, encoding: 'utf8'}).stdout.trim().slice(0, 7)
    const result = review(dir, ['main'])
    expect(result.status).toBe(0)
    expect(result.stdout).toContain(`# Report data changes since \`main (merge base ${fork})\``)
    expect(result.stdout).toContain('| tps | 240.0 | 250.0 | +4.17 % better |')
    expect(result.stdout).not.toContain('### Narrative')
    rmSync(dir, {recursive: true, force: true})
  })
})
