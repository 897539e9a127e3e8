/**
 * The single-valued settings of a report's `plan`; each has a label `plan_<key>` in i18n/.
 */

/** In the order a page and the export show them. */
export const PLAN_SETTINGS = /** @type {const} */ ([
  'db_driver', 'database', 'tables', 'table_size', 'time', 'warmup_time', 'warmup_method',
  'report_interval', 'rand_type', 'prepare_threads', 'clients', 'pause'
])

/**
 * The settings that make two subjects' points comparable: a run whose
 * settings differ from the report's is told so. Not db_driver: subjects of
 * different engines (MariaDB against PostgreSQL) are compared on purpose.
 */
export const COMPARABLE_SETTINGS = /** @type {const} */ (['tables', 'table_size', 'time', 'warmup_time', 'rand_type', 'clients'])
