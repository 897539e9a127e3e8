/**
 * A block of code as report/code.html prints it, highlighted by Hugo's
 * `highlight` (Chroma): Node writes a mark in its place that holds its
 * language and the code (base64), and layouts/reports/page.html highlights
 * each mark of the article it prints with report/code.html, cached by the
 * code (so once per build for every language, as the template did). Why
 * not in Node: Chroma's HTML is its lexers' (their tokens and classes),
 * which no other highlighter writes the same; the highlighting was a small
 * part of a page's cost (one call per distinct code, not per page).
 */

/** What starts and ends a block of code's mark; CODE_SEP parts its language from its code. */
export const CODE_MARK = '\x01'
export const CODE_SEP = '\x02'

/**
 * @param {string} code
 * @param {string} lang  Chroma's name of its language (`shell`, `yaml`, `toml`, `sql`, `ini`, `text`)
 */
export function codeHtml(code, lang) {
  const key = `${lang}${CODE_SEP}${code}`
  let mark = marks.get(key)
  if (mark === undefined) {
    if (marks.size >= MOST_MARKS) marks.clear()
    mark = `${CODE_MARK}${lang.replace(/\W/g, '')}${CODE_SEP}${Buffer.from(code, 'utf8').toString('base64')}${CODE_MARK}`
    marks.set(key, mark)
  }
  return mark
}

/**
 * The marks made last, by language and code: a report's pages in every
 * language show the same commands and parameters, and encoding them (a
 * buffer each) was most of writing a page's plan.
 * @type {Map<string, string>}
 */
const marks = new Map()
const MOST_MARKS = 256

/** A mark of codeHtml: its language and base64 code as groups 1 and 2. */
export const CODE_MARKS = /\x01(\w*)\x02([A-Za-z0-9+/=]*)\x01/g

/**
 * The code and language of a mark's groups (for tests and tools that read an article).
 * @param {string} lang @param {string} base64
 */
export function codeOfMark(lang, base64) {
  return {lang, code: Buffer.from(base64, 'base64').toString('utf8')}
}
