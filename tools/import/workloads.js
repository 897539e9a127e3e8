/**
 * sysbench workload names from the ways reports name them ("Point Select",
 * "标准 Select 测试", `update-non-index-performance`). Order matters:
 * "non-index" before "index", a bare "OLTP" last.
 */

/** @type {Array<[RegExp, string]>} */
const NAMES = [
  [/select[ _-]?random[ _-]?points/i, 'select_random_points'],
  [/select[ _-]?random[ _-]?ranges/i, 'select_random_ranges'],
  [/bulk[ _-]?insert/i, 'bulk_insert'],
  [/point[ _-]?select|点查|ポイント\s*(セレクト|選択)/i, 'oltp_point_select'],
  [/update[ _-]?non[ _-]?index|非インデックス|非索引/i, 'oltp_update_non_index'],
  [/update[ _-]?index|インデックス.*更新|更新.*インデックス|索引列?更新|更新索引/i, 'oltp_update_index'],
  [/read[ _-]?only|只读|読み取り専用/i, 'oltp_read_only'],
  [/write[ _-]?only|只写|書き込み専用/i, 'oltp_write_only'],
  [/read[ _-]?(and[ _-]?)?write|read\s*\/\s*write|读写|読み取り\s*[・と/／]?\s*書き込み|読み書き/i, 'oltp_read_write'],
  [/insert|挿入|插入/i, 'oltp_insert'],
  [/delete|削除|删除/i, 'oltp_delete'],
  [/\bselect\b/i, 'oltp_point_select'],
  [/\boltp\b/i, 'oltp_read_write']
]

/**
 * @param {string} text
 */
export function workloadIn(text) {
  const exact = /\b(oltp_[a-z_]+|select_random_(?:points|ranges)|bulk_insert)\b/.exec(text)
  if (exact) return exact[1]
  for (const [re, name] of NAMES) if (re.test(text)) return name
  return null
}

/**
 * Workload names given exactly (as inline code) in a list of code spans.
 * @param {string[]} codes
 */
export function exactWorkloads(codes) {
  return codes.filter((c) => /^(oltp_[a-z_]+|select_random_(points|ranges)|bulk_insert)$/.test(c))
}
