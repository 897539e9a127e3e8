#!/usr/bin/env node
/**
 * Serve benchmark: `benchdoc serve` on N generated reports (generate.js),
 * then three edits of one number each, in three reports, as an author makes
 * them; prints how long each took to show on the report's page (budget
 * ≤ 2 s), from the write to the first page served with the new number.
 * A benchmark, not a test: it prints figures.
 *
 *   npm run bench:serve [-- REPORTS]   (default 1,000)
 */
import {readFileSync, rmSync, writeFileSync} from 'node:fs'
import {loadavg} from 'node:os'
import {join} from 'node:path'
import {freePort} from '../run/supervisor.js'
import {serveSite} from '../site/serve.js'
import {hugoBinary} from '../site/hugo.js'
import {PROJECT_ROOT} from '../lib/root.js'
import {benchId, generateProject} from './generate.js'
import {print, saveSection} from './budgets-doc.js'

const REPORTS = Number(process.argv[2] ?? process.env.REPORTS ?? 1000)
const root = generateProject(REPORTS)
const port = await freePort()
// the generated project has no .venv: the project's Hugo
const env = {...process.env, HUGO: hugoBinary(PROJECT_ROOT, process.env)}
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
async function shown(path, text) {
  const started = Date.now()
  while (!(await page(path)).includes(text)) {
    if (Date.now() - started > 300_000) throw new Error(`${path} did not show ${text} within 5 minutes`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return Date.now() - started
}

print(`benchdoc serve on ${REPORTS} generated reports × 3 languages, load average ${loadavg()[0].toFixed(1)} at the start`)
const started = Date.now()
const serving = await serveSite({root, port, io: {out: () => {}, err: () => {}, env, cwd: root}, quietHugo: true})
try {
  await shown(`/en/reports/${benchId(3)}/`, '<table')
  print(`  first page served after ${((Date.now() - started) / 1000).toFixed(1)} s`)
  for (const i of [3, 4, 5]) {
    const file = join(root, 'data', 'reports', `${benchId(i)}.yaml`)
    const text = readFileSync(file, 'utf8')
    const [line, qps] = /qps: (\d+)/.exec(text) ?? ['', '0']
    const edited = Number(qps) + 7777
    writeFileSync(file, text.replace(line, `qps: ${edited}`))
    const ms = await shown(`/en/reports/${benchId(i)}/`, edited.toLocaleString('en-US'))
    print(`  an edited number of ${benchId(i)} shown after ${(ms / 1000).toFixed(2)} s   budget ≤ 2 s`)
  }
  saveSection('serve')
} finally {
  await serving.close()
  rmSync(root, {recursive: true, force: true})
}
