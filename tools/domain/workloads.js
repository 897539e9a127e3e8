/** The OLTP workloads sysbench 1.0 and 1.1 ship (src/lua/*.lua). Each has a label `workload_<name>` in i18n/. */
export const SYSBENCH_WORKLOADS = /** @type {const} */ ([
  'bulk_insert', 'oltp_delete', 'oltp_insert', 'oltp_point_select', 'oltp_read_only', 'oltp_read_write',
  'oltp_update_index', 'oltp_update_non_index', 'oltp_write_only', 'select_random_points', 'select_random_ranges'
])
