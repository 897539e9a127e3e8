import {PLAN_SETTINGS} from '../domain/index.js'
import {formatCommand, optionArg, sysbenchArgs} from '../derive/commands.js'
import {pendingPoints} from '../derive/pending.js'
import {subjectVersion, versionGroups} from '../derive/subjects.js'
import {DEFAULT_STYLE, countText} from './format.js'
import {label, literal} from './figure-table.js'

/**
 * The facts of a report page's front sections, ready to print: version, environment, plan and commands.
 *
 * @typedef {import('../types/report.js').Report} Report
 * @typedef {import('../types/report.js').Subject} Subject
 * @typedef {import('../types/view-model.js').Fact} Fact
 */

/**
 * The version section's facts: the versions, or the subjects and each distinct version once
 * (`MariaDB 10.11.19 (2 subjects)`); then date, place and author.
 * @param {Report} report  with data text localised (tools/i18n/data-text.js)
 * @param {Record<string, string>} labelOf
 * @param {{lang?: string, dates: Record<string, string> | null}} options  `dates`: the date written per language
 */
export function versionFacts(report, labelOf, {lang, dates}) {
  const groups = versionGroups(report)
  const plainVersions = groups.every((g) => g.count === 1) && report.subjects.every((s) => s.label === undefined)
  /** @type {Fact[]} */
  const facts = plainVersions
    ? [{label: 'field_versions', items: report.subjects.map((s) => literal(subjectVersion(s, lang)))}]
    : [
        {label: 'field_subjects', items: report.subjects.map((s) => literal(labelOf[s.id]))},
        {
          label: groups.length > 1 ? 'field_versions' : 'field_version',
          items: groups.map((g) => (g.count > 1 ? label('version_shared', {version: g.name, count: g.count}) : literal(g.name)))
        }
      ]
  if (report.date && dates) facts.push({label: 'field_date', datetime: report.date, by_lang: dates})
  if (report.place) facts.push({label: 'field_place', text: report.place})
  if (report.author) facts.push({label: 'field_author', text: report.author})
  return facts
}

/**
 * The environment section, each table with the columns some row has.
 * @param {NonNullable<Report['environment']>} e  localised
 * @param {Subject[]} subjects
 */
export function environmentModel(e, subjects) {
  return {
    cloud: Object.entries(e.cloud ?? {}).map(([k, text]) => ({label: k === 'provider' ? 'field_cloud' : `field_${k}`, text})),
    hardware: [
      ...(e.instances ? [factTable('section_hardware', e.instances, ['role', 'instance_type', 'size', 'count', 'storage'])] : []),
      ...(e.machines ? [factTable('section_hardware', e.machines, ['host', 'count', 'cpu', 'memory', 'disk', 'os'])] : [])
    ],
    notes: e.notes ?? [],
    client: e.client ? factTable('field_client', [e.client], ['instance_type', 'host', 'cpu', 'cores', 'memory', 'os']) : null,
    software: [...(e.os ? [{label: 'field_os', text: e.os}] : []), ...(e.sysbench ? [{label: 'field_sysbench', text: e.sysbench}] : [])],
    software_table: e.software ? factTable('section_software', e.software, ['name', 'purpose', 'version'], {name: 'field_software'}) : null,
    components: subjects
      .filter((s) => (s.components ?? []).length > 0)
      .map((s) => ({name: `${s.product} ${s.version}`, table: factTable('section_components', s.components ?? [], ['name', 'version', 'git_hash'], {name: 'field_component'}, ['git_hash'])}))
  }
}

/**
 * @param {string} title  label key of what the table shows
 * @param {Array<Record<string, unknown>>} rows @param {string[]} columns @param {Record<string, string>} [labels] @param {string[]} [code]
 * @returns {import('../types/view-model.js').FactTable}
 */
function factTable(title, rows, columns, labels, code) {
  return {title, columns: columns.filter((c) => rows.some((r) => r[c] !== undefined)), rows, ...(labels ? {labels} : {}), ...(code ? {code} : {})}
}

/**
 * The plan section: its settings as printed, the workloads' table with the columns it needs.
 * @param {Omit<Report['plan'], 'db_driver'> & {db_driver?: string}} plan  the plan as the page shows it
 *   (a driver per subject joined: `mysql, pgsql`), localised
 * @param {import('./format.js').NumberStyle} [style]
 */
export function planModel(plan, style = DEFAULT_STYLE) {
  const values = /** @type {Record<string, string | number | boolean | null | undefined>} */ (/** @type {unknown} */ (plan))
  /** @type {Fact[]} */
  // the single-valued settings (tools/domain), then whether ANALYZE TABLE ran
  const settings = [...PLAN_SETTINGS, 'analyze'].filter((k) => values[k] != null).map((k) => {
    const v = values[k]
    if (typeof v === 'boolean') return {label: `plan_${k}`, key: v ? 'plan_yes' : 'plan_no'}
    if (typeof v === 'number') return {label: `plan_${k}`, text: countText(v, style)}
    // a method says what it does (`plan_warmup_checkpoint`), not its enum value
    if (k === 'warmup_method') return {label: `plan_${k}`, key: `plan_warmup_${String(v).replace('-', '_')}`}
    return {label: `plan_${k}`, text: v, code: true}
  })
  // options of every workload, as the commands pass them
  if (plan.options) settings.push({label: 'plan_options', text: Object.entries(plan.options).map(([k, v]) => optionArg(k, v)).join(' '), code: true})
  const workloads = plan.workloads
  return {
    settings,
    workloads: workloads.map((w) => ({
      name: w.name,
      threads: (w.threads ?? []).map((/** @type {number} */ t) => countText(t, style)),
      options: Object.entries(w.options ?? {}).map(([k, v]) => optionArg(k, v))
    })),
    workload_columns: {threads: workloads.some((w) => w.threads), options: workloads.some((w) => w.options)},
    steps: plan.steps ?? [],
    clients_note: clientsNote(plan, style)
  }
}

/**
 * What the thread counts of several clients mean, its example (`16 × 3`) taken from the plan's own thread counts:
 * a fixed one named a count the report has not; with no thread count planned, the note without an example.
 * @param {Pick<Report['plan'], 'clients' | 'workloads'>} plan @param {import('./format.js').NumberStyle} style
 */
function clientsNote({clients, workloads}, style) {
  if (clients == null || clients <= 1) return null
  const threads = workloads.flatMap((w) => w.threads ?? [])[0]
  return threads === undefined ? label('result_clients_each', {clients}) : label('plan_clients_note', {clients, threads: countText(threads, style)})
}

/**
 * What a partial run (stopped, or still going) has not measured yet; null for any other subject.
 * @param {Report} report @param {Subject} subject @param {import('./format.js').NumberStyle} [style]
 * @returns {{pending: Array<{workload: string, threads: string[]}>} | null}
 */
export function partialOf(report, subject, style = DEFAULT_STYLE) {
  if (subject.run?.status !== 'partial') return null
  return {pending: pendingPoints(report, subject.id).map((p) => ({workload: p.workload, threads: p.threads.map((t) => countText(t, style))}))}
}

/**
 * The prepare and run commands: a pair per subject when subjects name their own sysbench driver, else one.
 * @param {Report} report
 * @param {Record<string, string>} labelOf
 * @returns {Array<{subject: string | null, prepare: string, run: string}>}
 */
export function commandsOf(report, labelOf) {
  const pair = (/** @type {Report['plan']} */ plan, /** @type {string | null} */ subject) => ({
    subject,
    prepare: formatCommand(sysbenchArgs(plan, {step: 'prepare'})),
    run: formatCommand(sysbenchArgs(plan, {step: 'run'}))
  })
  const own = report.subjects.filter((s) => s.db_driver !== undefined)
  if (own.length === 0) return [pair(report.plan, null)]
  return report.subjects.map((s) => pair({...report.plan, db_driver: s.db_driver ?? report.plan.db_driver}, labelOf[s.id]))
}
