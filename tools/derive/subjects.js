/**
 * How a subject is named wherever a page, chart, headline, index or export
 * names it. One function, so a variant's label is never left out somewhere.
 *
 * @typedef {{id: string, product: string, version: string, variant?: string, label?: string}} NamedSubject
 */

/**
 * Each subject's name by id: its `label` when set; otherwise its id, or its
 * product and version when the report compares products, followed by its
 * variant in parentheses (`v8.5.0 (Tuning mode)`, `MySQL 8.0.36`).
 *
 * @param {{subjects: NamedSubject[]}} report
 * @returns {Record<string, string>}
 */
export function subjectNames(report) {
  const products = new Set(report.subjects.map((s) => s.product))
  return Object.fromEntries(report.subjects.map((s) => [s.id, subjectName(s, products.size > 1)]))
}

/**
 * @param {NamedSubject} subject
 * @param {boolean} productsDiffer  whether the report compares several products
 */
function subjectName(subject, productsDiffer) {
  if (subject.label !== undefined) return subject.label
  const base = productsDiffer ? `${subject.product} ${subject.version}` : subject.variant ? subject.version : subject.id
  return subject.variant ? `${base} (${subject.variant})` : base
}

/**
 * A subject as the version line and the index show it: product, version and
 * variant (`TiDB v8.5.0 (Tuning mode)`).
 * @param {NamedSubject} subject
 */
export function subjectVersion(subject) {
  return `${subject.product} ${subject.version}${subject.variant ? ` (${subject.variant})` : ''}`
}
