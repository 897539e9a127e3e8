/**
 * A count and its noun, for the command line's English messages: `1 report`, `2 reports`.
 * @param {number} n @param {string} one @param {string} [many]  when it is not `one` + s
 */
export function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`
}
