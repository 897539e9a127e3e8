/**
 * Data text in the Markdown export, shown as written, on its line, and read back
 * exactly (`escapeText` and `unescapeText` are inverses): markup characters get a
 * backslash, a line break is `<br>` (a newline then `#` never starts a heading), a
 * control character its character reference. Shown as text, never as markup.
 */

/**
 * What a backslash escapes: Markdown's inline markers, `<`, `&`, `|`, an
 * underscore that could open or close emphasis (`oltp_point_select` reads as
 * written), and the `:` of a bare URL (a linter refuses it, a renderer links it).
 */
const SPECIAL = /[\\`*[\]<&|~]|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])|:(?=\/\/)/gu

/** Control characters (a tab too: linters refuse it), written as character references. */
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f]/g

/** Text with nothing `escapeText` changes: none of its characters, and no list or quote opener at the start. */
const PLAIN = /^(?![-+#>]|\d+[.)])[^\\`*[\]<&|~_:\u0000-\u001f\u007f]*$/

/** A backslash before ASCII punctuation (CommonMark), the export's line break, or a control character's reference. */
const ESCAPED = /\\([!-/:-@[-`{-~])|<br>|&#(\d+);/g

/**
 * @param {string} text  a data string as recorded
 * @returns {string}  Markdown inline text that shows it
 */
export function escapeText(text) {
  // most data text (numbers above all) has nothing to escape: the export writes thousands of cells
  if (PLAIN.test(text)) return text
  const escaped = text.replace(SPECIAL, '\\$&').replace(/\n/g, '<br>').replace(CONTROL, (c) => `&#${c.charCodeAt(0)};`)
  // at the start of a list item: `1. `, `- `, `+ ` or `# ` would open a list or heading, `>` a quote
  return escaped.replace(/^(\d+)([.)])(?=\s|$)/, '$1\\$2').replace(/^([-+#])(?=\s|$)|^>/, '\\$&')
}

/**
 * @param {string} markdown  what `escapeText` wrote (or any inline Markdown without other markup)
 * @returns {string}
 */
export function unescapeText(markdown) {
  return markdown.replace(ESCAPED, (match, char, code) => (char !== undefined ? char : code !== undefined ? String.fromCharCode(Number(code)) : '\n'))
}

/**
 * A data text shown in a language, marked with its own when not translated yet, as the pages mark it.
 * @param {unknown} value  a plain string or `{<lang>: {text, lang}}` from the view model
 * @param {string} lang  the export's language
 * @returns {string}  escaped Markdown
 */
export function dataText(value, lang) {
  const shown = shownText(value, lang)
  const text = escapeText(shown.text)
  return shown.lang ? `<span lang="${shown.lang}">${text}</span>` : text
}

/**
 * The text a value shows in `lang`, and the language it is in when that is another.
 * @param {unknown} value
 * @param {string} lang
 * @returns {{text: string, lang: string | null}}
 */
export function shownText(value, lang) {
  if (value && typeof value === 'object') {
    const own = /** @type {Record<string, {text: string, lang: string | null} | undefined>} */ (value)[lang]
    if (own) return {text: String(own.text), lang: own.lang || null}
  }
  return {text: value == null ? '' : String(value), lang: null}
}

/**
 * A data text read back without its untranslated mark (every language's text is in the front matter).
 * @param {string} markdown
 */
export function readDataText(markdown) {
  const marked = /^<span lang="[^"]+">([\s\S]*)<\/span>$/.exec(markdown)
  return unescapeText(marked ? marked[1] : markdown)
}

/**
 * Code as a code span nothing inside can close: a longer backtick run, padded beside a backtick.
 * @param {string} code  one line
 */
export function codeSpan(code) {
  const ticks = '`'.repeat(Math.max(0, ...[...code.matchAll(/`+/g)].map((m) => m[0].length)) + 1)
  const pad = /^`|`$/.test(code) ? ' ' : ''
  return `${ticks}${pad}${code}${pad}${ticks}`
}

/**
 * A workload as the page names it: its display name, then its id as code (`点查 \`oltp_point_select\``); the id alone without one.
 * @param {string} id @param {(key: string) => string} L  the export language's labels
 */
export function workloadName(id, L) {
  const name = L(`workload_${id}`)
  return name && name !== `workload_${id}` ? `${name} ${codeSpan(id)}` : codeSpan(id)
}

/** The id of a workload as `workloadName` wrote it: its last code span. @param {string} markdown */
export const readWorkloadName = (markdown) => readCodeSpan(/`+[^`]+`+$/.exec(markdown.trim())?.[0] ?? markdown)

/**
 * The code of a code span as `codeSpan` wrote it.
 * @param {string} markdown
 */
export function readCodeSpan(markdown) {
  const m = /^(`+)([\s\S]*)\1$/.exec(markdown.trim())
  if (!m) return markdown
  const inner = m[2]
  return /^ [\s\S]* $/.test(inner) && /^ `|` $/.test(inner) ? inner.slice(1, -1) : inner
}

/**
 * A fence longer than any backtick run in the content, which cannot close it early.
 * @param {string} content
 */
export function fenceFor(content) {
  return '`'.repeat(Math.max(3, ...[...content.matchAll(/`+/g)].map((m) => m[0].length + 1)))
}

/**
 * Typographic quotes and full-width punctuation as ASCII, for code: a config
 * copied from a translated page carries `“error”`, which no program reads.
 */
const CODE_PUNCTUATION = /** @type {Record<string, string>} */ ({
  '\u201c': '"', '\u201d': '"', '\u201e': '"', '\u2018': "'", '\u2019': "'", '\uff02': '"', '\uff07': "'",
  '\uff0c': ',', '\u3001': ',', '\uff1b': ';', '\uff1a': ':', '\uff08': '(', '\uff09': ')', '\uff1d': '=',
  '\u3002': '.', '\uff0e': '.', '\uff01': '!', '\uff1f': '?', '\uff3b': '[', '\uff3d': ']', '\uff5b': '{', '\uff5d': '}', '\u3000': ' '
})

const CODE_PUNCTUATION_RE = new RegExp(`[${Object.keys(CODE_PUNCTUATION).join('')}]`, 'g')

/**
 * Code as a program reads it: ASCII punctuation, and spaces for tabs (linters refuse hard tabs); a control
 * character, which code has no escape for, as its Unicode control picture (U+0001 as `␁`, `readCode` undoes it).
 * @param {string} code
 */
export function normaliseCode(code) {
  return code.replace(CODE_PUNCTUATION_RE, (c) => CODE_PUNCTUATION[c]).replace(/\t/g, '    ').replace(CONTROL, (c) => String.fromCharCode(0x2400 + (c === '\u007f' ? 0x21 : c.charCodeAt(0))))
}

/** Code as the data has it: each control picture the export wrote as its control character. @param {string} code */
export const readCode = (code) => code.replace(/[\u2400-\u241f\u2421]/g, (c) => (c === '\u2421' ? '\u007f' : String.fromCharCode(c.charCodeAt(0) - 0x2400)))

/** Punctuation of CJK text that an English page must not carry outside text marked as another language. */
export const CJK_PUNCTUATION = /[\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]/

/** A heading's `{#id}`. @param {string} text  the heading's Markdown after its `#`s @returns {string | null} */
export const headingId = (text) => /\{#([^}\s]+)\}\s*$/.exec(text)?.[1] ?? null

/** A heading's visible text, without its `{#id}`. @param {string} text  the heading's Markdown after its `#`s */
export const headingText = (text) => text.replace(/\s*\{#[^}\s]+\}\s*$/, '').trim()

/**
 * A matcher of a label's text with its `{{ .field }}` holes, giving the fields.
 * @param {string} label
 * @returns {(text: string) => Record<string, string> | null}
 */
export function labelPattern(label) {
  /** @type {string[]} */
  const names = []
  const re = label
    .split(/(\{\{\s*\.\w+\s*\}\})/)
    .map((part) => {
      const m = /^\{\{\s*\.(\w+)\s*\}\}$/.exec(part)
      if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      names.push(m[1])
      return '([\\s\\S]+?)'
    })
    .join('')
  const pattern = new RegExp(`^${re}$`)
  return (text) => {
    const m = pattern.exec(text)
    return m ? Object.fromEntries(names.map((n, i) => [n, m[i + 1]])) : null
  }
}
