import {readFileSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {fillLabel, siteLabels} from '../../tools/i18n/labels.js'
import {importMarkdown} from '../../tools/import/import.js'
import {buildSite} from '../../tools/site/build.js'
import {exportReports} from '../../tools/site/export-command.js'
import {markdownlint, otherProblems} from '../helpers/export-checks.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {sectionById, textOf} from '../helpers/html.js'
import {ROOT, fixture} from '../helpers/paths.js'
import {tempFolder} from '../helpers/temp.js'

const LANGS = ['en', 'zh', 'ja']
/** Reports measured with repeats: a fixture, and the report `make demo` measures. */
const REPEATS = {repeats: 'verdict/repeats.yaml', 'mariadb-demo': 'site/mariadb-demo.yaml'}
const BUNDLED = readdirSync(join(ROOT, 'data', 'reports')).map((f) => f.replace(/\.yaml$/, ''))
const IDS = [...BUNDLED, ...Object.keys(REPEATS)]
const data = (/** @type {string} */ id) => readFileSync(id in REPEATS ? fixture(REPEATS[/** @type {keyof typeof REPEATS} */ (id)]) : join(ROOT, 'data', 'reports', `${id}.yaml`), 'utf8')

const site = fixtureSite(Object.fromEntries(IDS.map((id) => [`data/reports/${id}.yaml`, data(id)])))
const out = join(site.root, 'public')
const labels = siteLabels(ROOT, LANGS)
/** @param {string} id @param {string} lang @param {string} file */
const built = (id, lang, file) => readFileSync(join(out, lang, 'reports', id, file), 'utf8')
/** Where the site publishes a report's Markdown export. @param {string} id @param {string} lang */
const markdownOf = (id, lang) => join(out, 'downloads', id, `${id}.${lang}.md`)

/**
 * Each workload's change cells of the page's overview: the figure, its verdict's word and its interval, as printed.
 * @param {string} html
 */
function overviewOf(html) {
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(sectionById(html, 'overview') ?? '')?.[1] ?? ''
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(([, row]) => ({
    workload: /href="#workload-([^"]+)"/.exec(row)?.[1] ?? '',
    changes: [...row.matchAll(/<td class="change[^"]*"[^>]*>([^<]*)(?: <span class="verdict"><span class="mark"[^>]*>[^<]*<\/span> ([^<]*)<\/span>)?(?: <small class="ci">([^<]*)<\/small>)?<\/td>/g)]
      .map(([, text, word, ci]) => ({text: textOf(text), word: word && textOf(word), ci: ci && textOf(ci)}))
  }))
}

/** The export's words for a change cell of the page: `+6.49% (95% CI +5.2% to +7.7%), faster`. @param {string} lang @param {{text: string, word?: string, ci?: string}} c */
const exported = (lang, c) => (c.ci ? fillLabel(labels[lang].export_change_verdict, {change: c.text, interval: c.ci, verdict: c.word}) : c.text)

/** A Markdown table's body rows. @param {string} md */
const tableOf = (md) => md.split('\n').filter((l) => l.startsWith('| ')).slice(2).map((l) => l.slice(2, -2).split(' | '))

beforeAll(async () => {
  const result = await buildSite({root: site.root, destination: out, env: site.env})
  expect(result.problems.filter((p) => p.severity === 'error')).toEqual([])
}, 120_000)

describe('the export says what the page says about each workload\'s change', () => {
  it('should give the repeats\' change with its 95 % interval and verdict, in the front matter, under each workload and in the summary, in en, zh and ja', () => {
    const md = (/** @type {string} */ lang) => readFileSync(markdownOf('repeats', lang), 'utf8')
    expect(parse(md('en').split('---\n')[1]).summary).toBe('large pool compared with small pool, TPS by workload (from the geometric means of the repeats): Read Only +6.49% (95% CI +5.2% to +7.7%), faster; Read Write −0.05% (95% CI −0.9% to +0.9%), equivalent.')
    expect(parse(md('zh').split('---\n')[1]).summary).toBe('large pool 对比 small pool，各测试场景的 TPS 变化（由多次测量结果的几何平均值计算）：只读 +6.49%（95% 置信区间 +5.2% 至 +7.7%，提升）、读写 −0.05%（95% 置信区间 −0.9% 至 +0.9%，相当）。')
    expect(parse(md('ja').split('---\n')[1]).summary).toBe('small pool に対する large pool の TPS の変化率（ワークロード別、繰り返し測定値の幾何平均から算出）：Read Only +6.49%（95% 信頼区間 +5.2% ～ +7.7%、改善）、Read Write −0.05%（95% 信頼区間 −0.9% ～ +0.9%、同等）。')
    expect(md('en')).toContain('\nlarge pool compared with small pool, from the geometric means of the repeats: TPS +6.49% (95% CI +5.2% to +7.7%), faster.\n')
    expect(md('zh')).toContain('\nlarge pool 对比 small pool（由多次测量结果的几何平均值计算）：TPS −0.05%（95% 置信区间 −0.9% 至 +0.9%，相当）。\n')
    expect(md('ja')).toContain('\nsmall pool に対する large pool の変化率（繰り返し測定値の幾何平均から算出）：TPS +6.49%（95% 信頼区間 +5.2% ～ +7.7%、改善）。\n')
    expect(md('en').split('{#summary}')[1].split('\n## ')[0]).toBe([
      '',
      '',
      '| Workload | Subject | TPS change vs small pool (%) |',
      '| --- | --- | ---: |',
      '| Read Only `oltp_read_only` | large pool | +6.49% (95% CI +5.2% to +7.7%), faster |',
      '| Read Write `oltp_read_write` | large pool | −0.05% (95% CI −0.9% to +0.9%), equivalent |',
      '',
      'Each change is the ratio of the geometric means of the repeats over the workload\'s points, minus one, with its 95% confidence interval (CI).',
      '',
      'As the published reports compute it (the mean of the per-point changes of the medians): Read Only +5.77%, Read Write +0.14%.',
      ''
    ].join('\n'))
    // the mean of the per-point changes is shown once, labelled as the page labels it
    expect(md('en').match(/\+5\.77%/g)).toHaveLength(1)
    expect(md('zh').split('{#summary}')[1]).toContain('\n\n按常见性能测试报告的算法（各测试点中位数变化的平均值）计算的结果：只读 +5.77%、读写 +0.14%。\n')
  })

  for (const id of IDS) {
    it(`should write ${id}'s change, verdict and interval of each workload exactly as its page's overview, in en, zh and ja`, () => {
      for (const lang of LANGS) {
        const html = built(id, lang, 'index.html')
        const md = readFileSync(markdownOf(id, lang), 'utf8')
        const summary = parse(md.split('---\n')[1]).summary ?? ''
        const summaryTable = tableOf(md.split('{#summary}')[1]?.split('\n## ')[0] ?? '')
        const statedOnly = (sectionById(html, 'overview') ?? '').includes('<p class="method">')
        const rows = overviewOf(html).flatMap((r) => r.changes.map((c) => ({workload: r.workload, change: exported(lang, c)})))
        // a comparison has a change per workload; with repeats, each with its interval
        expect(rows.length, `${id} ${lang}`).toBe(id === 'tidb-v8.1.0' ? 0 : overviewOf(html).length)
        if (id in REPEATS) for (const r of rows) expect(r.change).toContain(fillLabel(labels[lang].verdict_interval, {low: '', high: ''}).split(' ')[0])
        for (const {workload, change} of rows) {
          const name = labels[lang][`workload_${workload}`] || workload
          expect(summary, `${id} ${lang} ${workload}`).toContain(`${name} ${change}`)
          const part = md.split(`{#workload-${workload}}`)[1].split('\n### ')[0]
          const text = change.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          // the headline sentence: `… TPS <change>.`, or the authors' stated figure
          expect(part, `${id} ${lang} ${workload}`).toMatch(new RegExp(`\\n[^\\n]*${statedOnly ? `${text}[^\\n]*` : `[QT]PS ${text}[.。]`}\\n`))
        }
        // the summary table holds each of them, no other figure of the change, and no empty column
        expect(summaryTable.map((r) => r[2]), `${id} ${lang}`).toEqual(rows.map((r) => r.change))
        const missing = labels[lang].result_missing
        for (let c = 0; c < (summaryTable[0]?.length ?? 0); c++) expect(summaryTable.some((r) => r[c] !== missing), `${id} ${lang} column ${c}`).toBe(true)
        // what the overview says under its table, said once in the summary
        for (const note of [...(sectionById(html, 'overview') ?? '').matchAll(/<p class="note( beside)?">([\s\S]*?)<\/p>/g)].map((m) => textOf(m[2]))) {
          expect(md.split(note).length - 1, `${id} ${lang} ${note}`).toBe(1)
        }
      }
    })
  }

  it('should import the export of a report with repeats back into the same data, every repeat, interval report and log path included, in en, zh and ja', () => {
    for (const id of Object.keys(REPEATS)) {
      for (const lang of LANGS) {
        const {result, problems} = importMarkdown(readFileSync(markdownOf(id, lang), 'utf8'), {path: `${id}.md`, file: markdownOf(id, lang)})
        // (the demo's data warns of a suspicious latency_max, as its build does)
        expect(problems.filter((p) => p.severity === 'error'), `${id} ${lang}`).toEqual([])
        const original = parse(data(id))
        const imported = parse(result?.yaml ?? '')
        // the demo's run records (`subjects[].run`) included
        expect(imported, `${id} ${lang}`).toEqual({schema_version: 1, ...original})
      }
    }
  })

  it('should read the headline sentences of an export written before 2 December 2026 as headlines, not lose the results table', () => {
    const before = readFileSync(markdownOf('tidb-v6.0.0-vs-v5.1.4', 'en'), 'utf8').replace(/^(v6\.0\.0 compared with v5\.1\.4), (mean of the per-point changes): (TPS \S+)\.$/gm, '$1: $3 ($2).')
    expect(before).toContain('\nv6.0.0 compared with v5.1.4: TPS +5.06% (mean of the per-point changes).\n')
    const {result, problems} = importMarkdown(before, {path: 'before.md', file: markdownOf('tidb-v6.0.0-vs-v5.1.4', 'en')})
    expect(problems).toEqual([])
    expect(parse(result?.yaml ?? '')).toEqual({schema_version: 1, ...parse(data('tidb-v6.0.0-vs-v5.1.4'))})
  })

  it('should pass the docs repositories\' lint with a report with repeats, in both layouts and every language', async () => {
    const docs = tempFolder('benchdoc-docs-repeats-')
    let err = ''
    expect(await exportReports({root: site.root, ids: Object.keys(REPEATS), out: docs, docs: true, languages: LANGS, image: 'svg'}, {err: (/** @type {string} */ s) => (err += s)}), err).toBe(0)
    const files = Object.keys(REPEATS).flatMap((id) => LANGS.flatMap((lang) => [join(docs, lang, 'benchmark', `${id}.md`), markdownOf(id, lang)]))
    // the demo's two parameter blocks per subject under one heading (MD024) are another part of issue 41
    const {messages} = markdownlint(files)
    expect(messages.filter((m) => !/mariadb-demo(\.(en|zh|ja))?\.md:\d+ error MD024\//.test(m))).toEqual([])
    for (const f of files) expect(otherProblems(readFileSync(f, 'utf8'), f.includes('/en/') ? 'en' : f.includes('/zh/') ? 'zh' : 'ja'), f).toEqual([])
  }, 120_000)
})
