import {readFileSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, inject, it} from 'vitest'
import {fillLabel, siteLabels} from '../../tools/i18n/labels.js'
import {unescapeText} from '../../tools/export/text.js'
import {GENERATED, GENERATED_SITE_REPORTS} from '../helpers/generated-site.js'
import {sectionById, textOf} from '../helpers/html.js'
import {ROOT} from '../helpers/paths.js'

/**
 * The export shows the figures its page shows: for each workload, every number of the page's result
 * table (figures, notes, changes, intervals) and every verdict, in the same order, are the export's
 * table's, and the overview's changes are the summary's. The bundled reports are read from the
 * bundled site (test/global/bundled-site.js); the demo report, the crafted fixture and generated
 * reports (test/helpers/generate.js, one measured with repeats) from the generated site
 * (test/global/generated-site.js).
 */

const LANGS = ['en', 'zh', 'ja']
const labels = siteLabels(ROOT, LANGS)
const BUNDLED = readdirSync(join(ROOT, 'data', 'reports')).map((f) => f.replace(/\.yaml$/, ''))

/** Numbers as a page prints them: signs, separators, decimals, a percent sign. */
const NUMBER = /[+\-−]?\d[\d,.]*%?/g
/** @param {string} text */
const numbers = (text) => text.match(NUMBER) ?? []

/**
 * A table of the page (its body) as cells: each cell's visible text and its verdict's word.
 * @param {string} html
 */
function pageCells(html) {
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? ''
  return [...body.matchAll(/<t[hd]\b[^>]*>([\s\S]*?)<\/t[hd]>/g)].map(([, cell]) => ({
    text: textOf(cell),
    verdict: /<span class="verdict"><span class="mark"[^>]*>[^<]*<\/span> ([^<]*)<\/span>/.exec(cell)?.[1] ?? null
  }))
}

/**
 * A Markdown table's body rows as cells, unescaped, each with the verdict its change names (`export_change_verdict`),
 * with the cell's notes in its brackets (its repeats and CV).
 * @param {string[]} lines  the table's lines
 * @param {string} lang
 */
function exportRows(lines, lang) {
  const escape = (/** @type {string} */ t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  // with the cell's notes (repeats, CV) in the verdict's brackets, or without
  const patterns = ['\u0003', ''].map((notes) => new RegExp(`^${escape(fillLabel(labels[lang].export_change_verdict, {change: '\u0000', interval: '\u0001', verdict: '\u0002', notes}))
    .replace('\u0000', '.+?').replace('\u0001', '.+?').replace('\u0002', '(.+?)').replace('\u0003', '.+')}$`))
  return lines.slice(2).map((line) => line.slice(1, -1).split(/(?<!\\)\|/).map((c) => {
    const text = unescapeText(c.trim())
    return {text, verdict: patterns.map((p) => p.exec(text)?.[1]).find((v) => v !== undefined) ?? null}
  }))
}

/** The last table of a part of a Markdown file: its lines. @param {string} part */
const lastTable = (part) => (part.match(/(?:^\|.*\n?)+/gm) ?? []).at(-1)?.trimEnd().split('\n') ?? []

/** @param {Array<{text: string, verdict: string | null}>} cells */
const figures = (cells) => ({numbers: cells.flatMap((c) => numbers(c.text)), verdicts: cells.flatMap((c) => (c.verdict ? [c.verdict] : []))})

/**
 * Check one report in one language: each workload's result table, and the overview against the summary.
 * @param {string} html @param {string} md @param {string} lang @param {string} what  for messages
 */
function expectSameFigures(html, md, lang, what) {
  const workloads = [...html.matchAll(/<section id="workload-([^"]+)"/g)].map((m) => m[1])
  let tables = 0
  for (const name of workloads) {
    const table = /<table class="results">[\s\S]*?<\/table>/.exec(sectionById(html, `workload-${name}`) ?? '')?.[0]
    const part = md.split(`{#workload-${name}}\n`)[1]?.split(/\n#{2,3} /)[0] ?? ''
    if (!table) {
      expect(part, `${what}: ${name} has no table on the page, nor in the export`).not.toMatch(/^\|/m)
      continue
    }
    tables++
    const page = figures(pageCells(table))
    const exported = figures(exportRows(lastTable(part), lang).flat())
    expect(page.numbers.length, `${what}: ${name} shows figures`).toBeGreaterThan(0)
    expect(exported, `${what}: ${name}`).toEqual(page)
  }
  // the overview's change cells and the summary's change column (or the stated figure, when that is all there is)
  const overview = [...(/<tbody>[\s\S]*?<\/tbody>/.exec(sectionById(html, 'overview') ?? '')?.[0] ?? '').matchAll(/<td class="change[^"]*"[^>]*>[\s\S]*?<\/td>/g)].map((m) => m[0])
  const summary = md.split('{#summary}\n')[1]?.split(/\n## /)[0] ?? ''
  const column = exportRows(lastTable(summary), lang).flatMap((row) => row.slice(2, 3))
  expect(figures(column), `${what}: the overview's changes`).toEqual(figures(overview.flatMap((cell) => pageCells(`<tbody>${cell}</tbody>`))))
  return tables
}

describe('the export shows the figures its page shows', () => {
  const bundled = join(inject('bundled'), 'public')
  const out = join(inject('generated'), 'public')

  it('should have a report measured with repeats among the generated ones', () => {
    expect(GENERATED.at(-1)?.results?.some((p) => p.samples)).toBe(true)
  })

  for (const [kind, ids, from] of /** @type {const} */ ([['bundled', BUNDLED, 'bundled'], ['demo, crafted and generated', Object.keys(GENERATED_SITE_REPORTS), 'site']])) {
    it(`should show every number and verdict of each ${kind} report's result tables and overview in its export, and no other, in en, zh and ja`, () => {
      let tables = 0
      for (const id of ids) {
        for (const lang of LANGS) {
          const site = from === 'bundled' ? bundled : out
          const page = readFileSync(join(site, lang, 'reports', id, 'index.html'), 'utf8')
          tables += expectSameFigures(page, readFileSync(join(site, 'downloads', id, `${id}.${lang}.md`), 'utf8'), lang, `${id} ${lang}`)
        }
      }
      expect(tables).toBeGreaterThan(ids.length)
    })
  }
})
