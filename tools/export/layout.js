/**
 * The one description of the Markdown export: its sections, `Label: value` facts and
 * table columns, which the writer and the reader both go by. Labels are i18n keys (the
 * export speaks the page's language); a section is found by its `{#id}`.
 *
 * @typedef {'text' | 'integer'} CellType
 *   text: a data text (escaped, text.js); integer: a whole number
 * @typedef {{key: string, label: string, type: CellType}} Column
 */

/**
 * The report's sections in export order; `narrative`: it holds the narrative's section of its id.
 * @type {ReadonlyArray<{id: string, label: string, narrative?: boolean}>}
 */
export const SECTIONS = [
  {id: 'purpose', label: 'section_purpose', narrative: true},
  {id: 'version', label: 'section_version'},
  {id: 'environment', label: 'section_environment'},
  {id: 'parameters', label: 'section_parameters'},
  {id: 'topology', label: 'section_topology'},
  {id: 'plan', label: 'section_plan'},
  {id: 'results', label: 'section_results'},
  {id: 'summary', label: 'section_summary'},
  {id: 'conclusions', label: 'section_conclusions', narrative: true},
  {id: 'problems', label: 'section_problems', narrative: true},
  {id: 'advice', label: 'section_advice', narrative: true},
  {id: 'unmapped', label: 'section_unmapped', narrative: true}
]

/** Narrative sections that stand on their own (workload notes stand under their workload). */
export const NARRATIVE_SECTIONS = ['intro', ...SECTIONS.filter((s) => s.narrative).map((s) => s.id)]

/** Report facts read from the version section's `Label: value` paragraphs (the sidecar has the date: the page writes it in its language). */
export const VERSION_FACTS = /** @type {const} */ (['place', 'author'])

/** `environment.cloud`'s keys, written as `- Label: value` items, with their labels. */
export const CLOUD_FACTS = /** @type {const} */ ([
  {key: 'provider', label: 'field_cloud'},
  {key: 'region', label: 'field_region'},
  {key: 'service', label: 'field_service'},
  {key: 'image', label: 'field_image'}
])

/** Facts written as `Label: value` paragraphs under the software heading. */
export const SOFTWARE_FACTS = /** @type {const} */ ([
  {key: 'os', label: 'field_os'},
  {key: 'sysbench', label: 'field_sysbench'}
])

/** @param {string} key @param {CellType} [type] @param {string} [label] @returns {Column} */
const column = (key, type = 'text', label = `field_${key}`) => ({key, label, type})

/** Tables of the environment section, by the data they hold, each under the H3 its `heading` labels. */
export const TABLES = /** @type {const} */ ({
  instances: {heading: 'section_hardware', columns: [column('role'), column('instance_type'), column('size'), column('count', 'integer'), column('storage')]},
  machines: {heading: 'section_hardware', columns: [column('host'), column('count', 'integer'), column('cpu'), column('memory'), column('disk'), column('os')]},
  client: {heading: 'field_client', columns: [column('instance_type'), column('host'), column('cpu'), column('cores', 'integer'), column('memory'), column('os')]},
  software: {heading: 'section_software', columns: [column('name', 'text', 'field_software'), column('purpose'), column('version')]},
  components: {heading: 'section_components', columns: [column('name', 'text', 'field_component'), column('version'), column('git_hash')]}
})

/** The plan's workload table as the page's: name, thread counts, options (sysbench's `--name=value`), each column only when a workload has it. */
export const PLAN_WORKLOAD_COLUMNS = ['plan_workload', 'plan_threads', 'plan_options']

/** The topology table: hosts, and instances as the page writes them (`2 × MariaDB`). */
export const TOPOLOGY_COLUMNS = ['field_hosts', 'field_instances']

/**
 * What separates the values of one line or cell, and a fact's label from its
 * value: the export language's own (`、` and `：` in zh and ja). Exports before
 * 27 November 2026 used `, ` and `: ` in every language, which the reader takes too.
 * @param {(key: string) => string} L  the export language's labels
 */
export function separators(L) {
  return {list: L('punct_list'), colon: L('punct_colon')}
}
export const LIST = ', '
export const COLON = ': '

