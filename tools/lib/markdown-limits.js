/**
 * Limits on Markdown a user hands the tools, checked before a parser sees it:
 * remark's work grows with the square of list and quote nesting (1,000 levels took a minute).
 */

/** Deepest list or quote nesting accepted: real reports nest two or three levels. */
export const MAX_NESTING = 32

/**
 * Deepest nesting of lists and quotes on any line, from its container markers
 * (`>>>>` is four quotes) and indentation (two columns a level); linear.
 * @param {string} text
 * @returns {{depth: number, line: number}}  the deepest line (1-based)
 */
export function markdownNesting(text) {
  let deepest = {depth: 0, line: 1}
  let line = 1
  let i = 0
  while (i < text.length) {
    let depth = 0
    let indent = 0
    let markers = 0
    for (;;) {
      const c = text[i]
      if (c === ' ') indent++
      else if (c === '\t') indent += 4
      else if (c === '>') markers++
      else if ((c === '-' || c === '*' || c === '+') && /[ \t\n]/.test(text[i + 1] ?? '\n')) markers++
      else if (c >= '0' && c <= '9') {
        let j = i
        while (j < text.length && j - i < 9 && text[j] >= '0' && text[j] <= '9') j++
        if ((text[j] === '.' || text[j] === ')') && /[ \t\n]/.test(text[j + 1] ?? '\n')) {
          markers++
          i = j
        } else break
      } else break
      i++
    }
    depth = markers + Math.floor(indent / 2)
    if (depth > deepest.depth) deepest = {depth, line}
    const end = text.indexOf('\n', i)
    if (end === -1) break
    i = end + 1
    line++
  }
  return deepest
}
