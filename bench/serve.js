#!/usr/bin/env node
/**
 * Serve benchmark: `benchdoc serve` on N generated reports like users'
 * (test/helpers/generate.js), then three edits of one number each, in three
 * reports, as an author makes them (edit.js); prints how long each took to
 * show on the report's page (budget ≤ 1 s for their median, issue 39), from the write to the
 * first page served with the new number. serve runs as its own process, as a
 * user starts it: in this one, the polls would wait while serve's main thread
 * works on after Hugo has the page. A benchmark, not a test: it prints figures.
 *
 *   npm run bench:serve [-- REPORTS [EDITS]]   (default 1,000 reports, 3 edits)
 */
import {readFileSync, writeFileSync} from 'node:fs'
import {loadavg} from 'node:os'
import {join} from 'node:path'
import {spawn} from 'node:child_process'
import {freePort} from '../tools/run/supervisor.js'
import {median as medianOf} from '../tools/parse/merge.js'
import {hugoBinary} from '../tools/site/hugo.js'
import {PACKAGE_ROOT} from '../tools/lib/root.js'
import {benchId, generateProject} from '../test/helpers/generate.js'
import {editNumber, editableReports, editedFields} from './edit.js'
import {print, saveSection} from './budgets-doc.js'
import {removeAtExit, settleDisk, settledWords} from './disk.js'

const REPORTS = Number(process.argv[2] ?? process.env.REPORTS ?? 1000)
const EDITS = Number(process.argv[3] ?? 3)
const BUDGET_MS = 1000
/** How long an author reads the page before the next edit. */
const READING_MS = 3000
// the generated project has no .venv: the project's Hugo
const env = {...process.env, HUGO: hugoBinary(PACKAGE_ROOT, process.env)}

await benchServe()
saveSection('serve', {spawns: true})

/** Serve a generated project and time three edits. */
async function benchServe() {
  const root = generateProject(REPORTS)
  const edited = editableReports(REPORTS, EDITS)
  const port = await freePort()
  /** @param {string} path */
  const page = async (path) => {
    try {
      const response = await fetch(`http://127.0.0.1:${port}${path}`)
      return response.ok ? await response.text() : ''
    } catch {
      return ''
    }
  }
  /** Wait until `path` shows `text`; ms waited. @param {string} path @param {string} text */
  const shown = async (path, text) => {
    const started = Date.now()
    while (!(await page(path)).includes(text)) {
      if (Date.now() - started > 300_000) throw new Error(`${path} did not show ${text} within 5 minutes`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    return Date.now() - started
  }
  print(`benchdoc serve on ${REPORTS} generated reports like users' × 3 languages, load average ${loadavg()[0].toFixed(1)} at the start`)
  const started = Date.now()
  const serving = spawn(join(PACKAGE_ROOT, 'tools', 'cli.js'), ['serve', '--port', String(port)], {cwd: root, env, stdio: ['ignore', 'ignore', 'pipe']})
  const closed = new Promise((resolve) => serving.on('close', resolve))
  // serve says when a derivation ends; an author reads the page before the next edit, and Hugo's server meanwhile
  // renders the previous edit's lists and versions pages (up to 0.8 s): an edit within a second or two of the last
  // waits for that (docs/performance.md)
  let derivations = 0
  serving.stderr.on('data', (chunk) => void (derivations += String(chunk).split(/ reports? derived, /).length - 1))
  /** @param {number} n */
  const derived = async (n) => {
    while (derivations < n) {
      if (serving.exitCode !== null) throw new Error(`benchdoc serve exited with ${serving.exitCode}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  try {
    await shown(`/en/reports/${benchId(edited[0])}/`, '<table')
    print(`  first page served after ${((Date.now() - started) / 1000).toFixed(1)} s`)
    // the first build wrote some 600 MB (disk.js)
    print(`  before the edits: ${settledWords(await settleDisk())}`)
    const times = []
    for (const [n, i] of edited.entries()) {
      await derived(n + 1)
      // Hugo's server acts on file changes every 500 ms from its start: an edit at a random point of that period
      await new Promise((resolve) => setTimeout(resolve, READING_MS + Math.random() * 500))
      const file = join(root, 'data', 'reports', `${benchId(i)}.yaml`)
      const edit = editNumber(readFileSync(file, 'utf8'), editedFields(i).throughput, 7)
      writeFileSync(file, edit.text)
      const ms = await shown(`/en/reports/${benchId(i)}/`, edit.shown)
      times.push(ms)
      print(`  an edited number of ${benchId(i)} shown after ${(ms / 1000).toFixed(2)} s`)
    }
    const median = /** @type {number} */ (medianOf(times))
    const verdict = REPORTS === 1000 ? `: ${median <= BUDGET_MS ? 'met' : 'MISSED'}` : ' at 1,000'
    print(`  median of the ${times.length} edits: ${(median / 1000).toFixed(2)} s   budget ≤ 1 s${verdict}`)
  } finally {
    // serve ends its derivation and Hugo's server before it exits
    serving.kill('SIGTERM')
    await closed
    removeAtExit(root)
  }
}
