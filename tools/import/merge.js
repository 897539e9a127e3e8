import {coordinateText, pointKey} from '../derive/report.js'
import {parseYamlSource, syntaxProblems} from '../lib/yaml-source.js'
import {FIGURES} from '../domain/index.js'
import {pairSubjects, renameSubjects} from './match.js'

/**
 * A translation of a report in data: each number unequal to the data's is an error naming both.
 */

/**
 * @param {import('./plugin.js').Imported} imported
 * @param {string} sourceFile  the Markdown file, as shown in messages
 * @param {string} dataFile  the existing data file, as shown in messages
 * @param {string} dataText
 */
export function compareWithData(imported, sourceFile, dataFile, dataText) {
  const doc = parseYamlSource(dataFile, dataText)
  if (doc.syntaxErrors.length > 0) return syntaxProblems(doc)
  // a data file as parsed, not validated: every part may be missing
  const data = /** @type {Partial<import('../types/report.js').Report>} */ (doc.data)
  /** @type {import('../lib/problems.js').Problem[]} */
  const problems = []
  /** @param {number} line @param {string} message @param {string} rule */
  const error = (line, message, rule) => problems.push({file: sourceFile, line, col: 1, severity: 'error', message, rule})
  if (!data || typeof data !== 'object') {
    error(1, `Unexpected ${dataFile} that is not a mapping, expected report data; nothing compared or written`, 'merge')
    return problems
  }
  /** @param {Array<string | number>} path */
  const where = (path) => {
    const p = doc.placeOf(path)
    return `${dataFile}:${p.line}:${p.col}`
  }
  // Subjects by the figures they hold: a variant's id differs between languages.
  const pairs = Array.isArray(data.subjects) && data.plan ? pairSubjects(imported.report, /** @type {import('./match.js').Results} */ (data)) : new Map()
  const report = renameSubjects(imported.report, pairs)
  const stated = imported.stated.map((st) => ({...st, subject: pairs.get(st.subject) ?? st.subject}))
  const have = (data.subjects ?? []).map((s) => s.id).join(', ')
  const mine = report.subjects.map((s) => s.id).join(', ')
  if (have !== mine) error(1, `Unexpected subjects ${mine}, expected ${have} as in ${where(['subjects'])}`, 'merge-subjects')

  const planClients = data.plan?.clients ?? 1
  const myClients = report.plan.clients ?? 1
  const existing = data.results ?? []
  // Keys once, not a scan per point: a large report merges in linear time.
  /** @type {Map<string, number>} */
  const index = new Map(existing.map((q, j) => [pointKey(q, planClients), j]))
  const matched = new Set()
  ;(report.results ?? []).forEach((p, i) => {
    const line = imported.lines[i] ?? 1
    const j = index.get(pointKey(p, myClients)) ?? -1
    const name = `${p.subject} × ${p.workload} × ${coordinateText(p, myClients)}`
    if (j < 0) {
      error(line, `Unexpected point ${name}, not in ${dataFile}`, 'merge-point')
      return
    }
    matched.add(j)
    for (const m of FIGURES) {
      const a = p[m] ?? null
      const b = existing[j][m] ?? null
      if (a === b) continue
      const shown = imported.written.get(`results/${i}/${m}`) ?? String(a)
      const theirs = doc.sourceOf(['results', j, m]) ?? String(b)
      error(line, `Unexpected ${m} ${shown} for ${name}, expected ${theirs} as in ${where(['results', j, m])}`, 'merge-number')
    }
  })
  // Both ways: a point of the data the translation lacks is an error too.
  existing.forEach((q, j) => {
    if (matched.has(j)) return
    error(1, `Missing point ${q.subject} × ${q.workload} × ${coordinateText(q, planClients)}: in ${where(['results', j])}, not in the translation`, 'merge-missing')
  })
  for (const s of stated) {
    const headlines = data.headlines ?? []
    const j = headlines.findIndex((h) => h.workload === s.workload && (h.subject ?? s.subject) === s.subject)
    if (j < 0 || headlines[j].change === s.value) continue
    problems.push({file: sourceFile, line: s.place.line, col: s.place.column, severity: 'error', rule: 'merge-headline', message: `Unexpected ${s.workload} change ${s.text} %, expected ${doc.sourceOf(['headlines', j, 'change']) ?? headlines[j].change} % as in ${where(['headlines', j, 'change'])}`})
  }
  return problems
}
