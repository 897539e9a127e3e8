/**
 * `make` kept by its argument, all forgotten once `most` are kept: locales, ticks and texts come
 * again from chart to chart (an Intl format costs far more to make than to use), stamps from page to page.
 * @template K, T
 * @param {(key: K) => T} make  never returns undefined
 * @returns {(key: K) => T}
 */
export function memo(make, most = 10000) {
  /** @type {Map<K, T>} */
  const made = new Map()
  return (key) => {
    let value = made.get(key)
    if (value === undefined) {
      if (made.size >= most) made.clear()
      made.set(key, (value = make(key)))
    }
    return value
  }
}
