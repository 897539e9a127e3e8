/**
 * Small readers of built HTML, enough to assert on what a page shows.
 */

/**
 * Text of a fragment: tags removed, entities of the few kinds Hugo emits decoded.
 * @param {string} html
 */
export function textOf(html) {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#34;|&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#43;/g, '+')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * The inner HTML of the element with this id (sections do not nest sections
 * of the same tag here, except results → workload, which callers handle).
 * @param {string} html
 * @param {string} id
 */
export function sectionById(html, id) {
  const start = html.indexOf(`<section id="${id}"`)
  if (start < 0) return null
  let depth = 0
  const re = /<(\/?)section\b/g
  re.lastIndex = start
  for (let m = re.exec(html); m; m = re.exec(html)) {
    depth += m[1] ? -1 : 1
    if (depth === 0) return html.slice(start, m.index)
  }
  return null
}

/**
 * Rows of the first results table in a fragment: each row's cell texts.
 * @param {string} html
 */
export function tableRows(html) {
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? ''
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) =>
    [...m[1].matchAll(/<t[hd]\b[^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => textOf(c[1]))
  )
}

/**
 * Rows of every table in a fragment, one after another (a result table and its details).
 * @param {string} html
 */
export function allTableRows(html) {
  return [...html.matchAll(/<tbody>[\s\S]*?<\/tbody>/g)].flatMap((m) => tableRows(m[0]))
}
