import {wordToken} from '../charts/labels.js'
import {HEIGHT, titleLines, versionsChartSpec} from '../charts/versions-spec.js'

/**
 * A versions page's chart (thousands of linked points) drawn once for several
 * languages, as report charts are: label and number tokens, each laid out as
 * wide as its widest text, filled in each language's copy. When one
 * language's axis title takes two lines, every language's is split; only one
 * with nowhere to split is drawn apart.
 *
 * @typedef {{x: string, y: string, workload: string, alt: string, names: Record<string, string>}} ChartWords
 *   a language's words in a chart: axis titles, legend title, text alternative, each workload's name
 * @typedef {{path: string, spec: import('../charts/job.js').ChartSpec, copies: import('../charts/languages.js').ChartLanguage[]}} VersionsChart
 *   `path`: under assets/, with LANG for each copy's language
 */

/**
 * @param {{path: string, workloads: string[], languages: string[], locales: Record<string, string>, percent?: boolean}} chart
 *   `workloads`: legend order (ids)
 * @param {(lang: string) => ChartWords} wordsIn  a language's words
 * @param {(name: (workload: string) => string) => import('../charts/versions-spec.js').VersionRow[]} rowsOf  the chart's rows, each workload named by `name`
 * @returns {VersionsChart[]}  one rendering for each group of languages whose title lines agree
 */
export function versionsCharts({path, workloads, languages, locales, percent = false}, wordsIn, rowsOf) {
  const all = languages.map((lang) => ({...wordsIn(lang), lang}))
  // a title that fits in one line is split too when another language's takes two: one rendering for all
  const always = all.some((w) => typeof titleLines(w.y, HEIGHT) !== 'string')
  /** @type {Map<number, Array<ChartWords & {lang: string, lines: string[]}>>} */
  const groups = new Map()
  for (const words of all) {
    const lines = [titleLines(words.y, HEIGHT, always)].flat()
    groups.set(lines.length, [...(groups.get(lines.length) ?? []), {...words, lines}])
  }
  return [...groups.values()].map((group) => {
    /** @type {Record<string, string[]>} */
    const words = {}
    // a token for the words each language has here: its name is made from them (render.js keeps them by it)
    const token = (/** @type {(w: ChartWords & {lines: string[]}) => string} */ pick) => {
      const texts = group.map(pick)
      const key = wordToken('vw_', texts)
      words[`\u2039${key}\u203a`] = [...new Set(texts)]
      return key
    }
    const keys = {x: token((w) => w.x), workload: token((w) => w.workload), alt: token((w) => w.alt), lines: group[0].lines.map((_, i) => token((w) => w.lines[i]))}
    const names = Object.fromEntries(workloads.map((w) => [w, token((words) => words.names[w])]))
    const tokenOf = (/** @type {string} */ key) => `\u2039${key}\u203a`
    const y = keys.lines.map(tokenOf)
    const labels = {x: tokenOf(keys.x), y: y.length === 1 ? y[0] : y, workload: tokenOf(keys.workload), description: tokenOf(keys.alt), locale: group.map((w) => locales[w.lang])}
    const spec = versionsChartSpec(rowsOf((w) => tokenOf(names[w])), workloads.map((w) => tokenOf(names[w])), labels, {percent, words})
    const copies = group.map((w) => ({
      lang: w.lang,
      alt: w.alt,
      locale: locales[w.lang],
      labels: Object.fromEntries([
        [keys.x, w.x], [keys.workload, w.workload], [keys.alt, w.alt],
        ...keys.lines.map((key, i) => [key, w.lines[i]]),
        ...workloads.map((id) => [names[id], w.names[id]])
      ])
    }))
    return {path, spec, copies}
  })
}
