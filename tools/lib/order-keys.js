/**
 * A copy of `object` with `keys` first, in that order, and every other key
 * after them: data files written in the schema's order read the same in
 * every diff.
 * @template {Record<string, any>} T
 * @param {T} object
 * @param {string[]} keys  wanted order; other keys follow
 * @returns {T}
 */
export function orderKeys(object, keys) {
  /** @type {Record<string, any>} */
  const out = {}
  for (const k of keys) if (object[k] !== undefined) out[k] = object[k]
  for (const k of Object.keys(object)) if (!(k in out)) out[k] = object[k]
  return /** @type {T} */ (out)
}
