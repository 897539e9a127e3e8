/**
 * docs/budgets.md, written by the benchmarks and never by hand: the list of
 * budgets, then one section per benchmark script holding what it printed
 * the last time it ran, with the date, the machine and its load. A script
 * prints through `print` and calls `saveSection` when it is done; the other
 * scripts' sections stay as they were.
 */
import {readFileSync} from 'node:fs'
import {cpus, loadavg} from 'node:os'
import {relative} from 'node:path'
import {fileURLToPath} from 'node:url'
import {PACKAGE_ROOT} from '../tools/lib/root.js'
import {bundleIsFresh} from '../tools/pack/fresh.js'
import {writeFileAtomic} from '../tools/lib/atomic-write.js'

/** The budgets file of this source tree (not of a reports project: it is about the tool). */
export const BUDGETS_FILE = fileURLToPath(new URL('../docs/budgets.md', import.meta.url))

/**
 * Every benchmark, in the order `make bench` runs them, with the budgets it
 * checks. The figures are in its section.
 * @type {ReadonlyArray<{id: string, title: string, command: string, budgets: string[]}>}
 */
export const SECTIONS = [
  {id: 'code', title: 'Code', command: 'npm run bench:code', budgets: ['tools/ ≤ 25,000 lines, comments included (not tests, bench/ or the bundle)']},
  {
    id: 'build',
    title: 'Build',
    command: 'npm run bench:build',
    budgets: [
      '`make build` warm < 5 s (bundled reports)',
      'report page < 150 KB including charts',
      'cold build of 1,000 generated reports × 3 languages ≤ 30 s (median of three)',
      "Hugo's peak RSS ≤ 1 GB in that build",
      '`benchdoc build` after one number changed ≤ 2 s',
      '`public/` of 1,000 reports ≤ 300 MB',
      'nothing a reader needs lost: every number on its page in three languages, every chart drawn, every download valid',
      'Hugo ≤ 1.5× bare Hugo on the same pages',
      '`validate` of 1,000 files ≤ 2 s'
    ]
  },
  {id: 'versions', title: 'Versions page', command: 'npm run bench:versions', budgets: ['versions page of 100 reports < 300 KB']},
  {id: 'charts', title: 'Charts', command: 'npm run bench:charts', budgets: []},
  {id: 'serve', title: 'Serve', command: 'npm run bench:serve', budgets: ['`serve` shows an edited number ≤ 1 s, at 1,000 generated reports']},
  {
    id: 'verdicts',
    title: 'Verdicts, simulated',
    command: 'npm run bench:verdicts',
    budgets: [
      'no effect: faster or slower in ≤ 5 % of cells',
      '10 % effect, CV 2 %, n = 3: faster in ≥ 95 % of cells',
      'stopping rule {min: 2, max: 10, margin: 2}, no effect: faster or slower in ≤ 5 % of cells',
      'stopping rule, 10 % effect, CV 2 %: faster in ≥ 95 % of cells, in fewer rounds than the fixed repeats finding as many'
    ]
  },
  {
    id: 'verdicts-real',
    title: 'Verdicts on a throwaway MariaDB',
    command: 'npm run bench:verdicts-real',
    budgets: [
      'A/A: no faster or slower cell at δ = 2 %',
      'A/B (`innodb_buffer_pool_size` 6M against 256M): every cell of the starved subject slower',
      'stopping rule {min: 2, max: 5, margin: 2%}: A/A no faster or slower cell; A/B the verdicts of 5 fixed repeats in ≤ 60 % of their time'
    ]
  },
  {id: 'ssh', title: 'Client hosts over SSH', command: 'npm run bench:ssh', budgets: ['QPS ratio over ssh ÷ bare ≥ 0.97', 'start spread of the clients < 50 ms']},
  {id: 'overhead', title: 'Runner overhead', command: 'npm run bench:overhead', budgets: ['QPS ratio through `benchdoc run` ÷ bare sysbench ≥ 0.98']},
  {id: 'import', title: 'Import', command: 'npm run bench:import', budgets: ['`benchdoc import` of a 10,000-row result table < 2 s']},
  {id: 'collect', title: 'Collect', command: 'npm run bench:collect', budgets: ['`benchdoc collect` of a 12-hour run (43,200 interval lines) < 2 s']}
]

/** Environment variables the benchmarks read, shown with the command when set. */
const SETTINGS = ['RUNS', 'BENCH_SIZES', 'BENCH_COLD_RUNS', 'REPORTS']

/** What this process printed for its section. @type {string[]} */
const printed = []
const loadBefore = loadavg()[0]

/**
 * Print a line (or several) on stdout and keep it for the section.
 * @param {string} text
 */
export function print(text) {
  process.stdout.write(`${text}\n`)
  printed.push(text)
}

/**
 * Write what this process printed into its section of docs/budgets.md.
 * @param {string} id  one of SECTIONS
 * @param {{now?: Date, file?: string, spawns?: boolean}} [options]  now and file: for tests; spawns: the script runs
 *   `benchdoc` as a command (from its bundle while fresh) rather than its functions in this process (from the source)
 */
export function saveSection(id, {now = new Date(), file = BUDGETS_FILE, spawns = false} = {}) {
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'})`
  const when = now.toISOString().slice(0, 16).replace('T', ' ')
  const settings = Object.entries(process.env).filter(([k]) => SETTINGS.includes(k)).map(([k, v]) => `${k}=${v} `).join('')
  const command = [relative(process.cwd(), process.argv[1] ?? ''), ...process.argv.slice(2)].join(' ')
  const body = [
    `Measured ${when} UTC on ${machine}; load average ${loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} at the end;`,
    `\`${settings}node ${command}\`; benchdoc ran from ${spawns && bundleIsFresh(PACKAGE_ROOT) ? 'its bundle' : 'its source'} (docs/setup.md).`,
    '',
    '```text',
    printed.join('\n').replace(/^\n+|\n+$/g, ''),
    '```'
  ].join('\n')
  writeFileAtomic(file, budgetsDocument({...readSections(file), [id]: body}))
}

/**
 * The measured part of each section of a budgets file, by id.
 * @param {string} file
 * @returns {Record<string, string>}
 */
export function readSections(file) {
  /** @type {string} */
  let text
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return {}
  }
  /** @type {Record<string, string>} */
  const sections = {}
  for (const match of text.matchAll(/<!-- bench:([a-z-]+) -->\n([\s\S]*?)\n<!-- \/bench:\1 -->/g)) sections[match[1]] = match[2]
  return sections
}

/**
 * The whole file: the budgets, then every section, measured or not.
 * @param {Record<string, string>} measured  by section id
 */
export function budgetsDocument(measured) {
  const rows = SECTIONS.flatMap((s) => s.budgets.map((b) => `| ${b} | [${s.title}](#${anchor(s.title)}) |`))
  const sections = SECTIONS.map((s) => [
    `## ${s.title}`,
    '',
    `\`${s.command}\``,
    '',
    `<!-- bench:${s.id} -->`,
    measured[s.id] ?? `Not measured yet: run \`${s.command}\` (or \`make bench\`) on an idle machine.`,
    `<!-- /bench:${s.id} -->`,
    ''
  ].join('\n'))
  return [
    '# Budgets',
    '',
    '<!-- Written by `make bench` (bench/budgets-doc.js): edit the scripts, not this file. -->',
    '',
    'The performance budgets of benchdoc, and what each benchmark printed the last time it ran.',
    'Each section is rewritten by its script, with the date, the machine and its load: on a',
    'shared machine wall times grow and vary, so read the CPU times beside them. How the',
    'benchmarks measure: [measuring.md](measuring.md). Why the build is shaped as it is:',
    '[performance.md](performance.md).',
    '',
    '| budget | measured in |',
    '| --- | --- |',
    ...rows,
    '',
    ...sections
  ].join('\n')
}

/** @param {string} title  a heading, as GitHub makes its anchor */
const anchor = (title) => title.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-')
