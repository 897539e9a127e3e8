/**
 * Headline sentences: the % a subject gained over the baseline in one
 * workload ("性能提升了 5.055%", "14% 向上"). Approximate or maximum figures
 * ("up to 10%") are not the mean of per-point changes, so not headlines.
 *
 * @typedef {{value: number, text: string, match: string}} StatedHeadline
 */

const ZH = /(提升|提高|增长|增加|上升|下降|降低|减少|下滑)了?\s*(?:约|大约)?\s*([-+]?\d+(?:\.\d+)?)\s*%/
const EN_BEFORE = /\b(improv\w*|increas\w*|gain\w*|rises?|rose|higher|better|faster|drops?|dropped|decreas\w*|reduc\w*|declin\w*|fell|falls?|lower|worse|slower|regress\w*)\b[^.%\d]{0,40}?([-+]?\d+(?:\.\d+)?)\s*%/i
const EN_AFTER = /([-+]?\d+(?:\.\d+)?)\s*%\s*(higher|better|faster|more|improvement|increase|gain|lower|worse|slower|less|decrease|reduction|decline|drop|regression)/i
const JA = /([-+]?\d+(?:\.\d+)?)\s*(?:%|％|パーセント)\s*(?:の)?(向上|改善|増加|上昇|高速|低下|減少|悪化|下落)/
const JA_BEFORE = /(向上|改善|増加|上昇|低下|減少|悪化|下落)(?:し|率は|幅は)?[^。%\d]{0,12}?([-+]?\d+(?:\.\d+)?)\s*(?:%|％|パーセント)/
const NEGATIVE = /下降|降低|减少|下滑|drop|decreas|reduc|declin|fell|fall|lower|worse|slower|less|regress|低下|減少|悪化|下落/i
const APPROXIMATE = /最高|最多|最大|左右|up to|at most|about|around|roughly|approximately|~|約|程度|ほど/i

/**
 * @param {string} text  one paragraph
 * @returns {StatedHeadline | null}
 */
export function statedHeadline(text) {
  const zh = ZH.exec(text)
  const before = EN_BEFORE.exec(text)
  const after = EN_AFTER.exec(text)
  const ja = JA.exec(text) ?? swap(JA_BEFORE.exec(text))
  /** @type {{word: string, number: string, match: string} | null} */
  let found = null
  if (zh) found = {word: zh[1], number: zh[2], match: zh[0]}
  else if (ja) found = {word: ja[2], number: ja[1], match: ja[0]}
  else if (before) found = {word: before[1], number: before[2], match: before[0]}
  else if (after) found = {word: after[2], number: after[1], match: after[0]}
  if (!found) return null
  if (APPROXIMATE.test(text)) return null
  const sign = NEGATIVE.test(found.word) && !found.number.startsWith('-') ? -1 : 1
  const value = sign * Number(found.number)
  return {value, text: sign < 0 ? `-${found.number}` : found.number.replace(/^\+/, ''), match: found.match}
}

/**
 * `向上率は 5%` read as `5% 向上`: number first, word second, as JA has them.
 * @param {RegExpExecArray | null} m
 * @returns {RegExpExecArray | null}
 */
function swap(m) {
  if (!m) return null
  const out = /** @type {RegExpExecArray} */ (Object.assign([m[0], m[2], m[1]], {index: m.index, input: m.input}))
  return out
}

/**
 * Thread counts a text names ("600 线程", "并发 600"), to catch prose that contradicts its table.
 * @param {string} text
 * @returns {Array<{threads: number, match: string}>}
 */
export function namedThreads(text) {
  return [...text.matchAll(/(\d+)\s*(?:个)?\s*(?:线程|threads?\b|スレッド)|(?:并发|concurrency(?: of)?)\s*(\d+)/gi)].map((m) => ({threads: Number(m[1] ?? m[2]), match: m[0]}))
}
