/**
 * A copy of `object` with `keys` first, in that order, then every other key:
 * data files in the schema's order read the same in every diff.
 * @template {object} T
 * @param {T} object
 * @param {string[]} keys  wanted order; other keys follow
 * @returns {T}
 */
export function orderKeys(object, keys) {
  const source = /** @type {Record<string, unknown>} */ (object)
  /** @type {Record<string, unknown>} */
  const out = {}
  for (const k of keys) if (source[k] !== undefined) out[k] = source[k]
  for (const k of Object.keys(source)) if (!(k in out)) out[k] = source[k]
  return /** @type {T} */ (out)
}
