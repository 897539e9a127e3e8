/**
 * The command line's messages are English: `1 report`, `2 reports`.
 * @param {number} n @param {string} one @param {string} [many]  when it is not `one` + s
 */
export function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`
}

/** `a`, `a and b`, `a, b and c`. @param {string[]} items */
export function listed(items) {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}
