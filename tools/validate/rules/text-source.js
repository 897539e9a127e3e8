import {dataTexts, isLocalText} from '../../i18n/data-text.js'
import {CJK_PUNCTUATION} from '../../export/text.js'

/**
 * Text written per language has the text of its `source` language; English text (a
 * plain string of a report not imported from Chinese, Japanese or Korean is) has no CJK
 * punctuation, which the Markdown export would carry into an English page: said, never
 * rewritten.
 * @type {import('./context.js').ReportRule}
 */
export const textSource = {
  name: 'text-source',
  check({report, error, warning}) {
    for (const {path, value} of dataTexts(report)) {
      if (isLocalText(value) && typeof value[value.source] !== 'string') {
        error('text-source', [...path, 'source'], `Missing \`${value.source}\` text of \`${path.join('.')}\`, expected the text in its source language \`${value.source}\``)
      }
      // a plain string is in the language of the report's source (the importer's), else English
      const en = typeof value === 'string' ? (/^(?:zh|ja|ko)\b/.test(report.source?.lang ?? '') ? undefined : value) : isLocalText(value) ? value.en : undefined
      const m = typeof en === 'string' ? CJK_PUNCTUATION.exec(en) : null
      if (m) warning('cjk-punctuation', typeof value === 'string' ? path : [...path, 'en'], cjkMessage(m[0], typeof value === 'string' ? `\`${path.join('.')}\`, shown as written on the English page` : `the English text of \`${path.join('.')}\``))
    }
  }
}

/** @param {string} char @param {string} where */
export const cjkMessage = (char, where) =>
  `Unexpected \`${char}\` (U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase()}) in ${where}, expected ASCII punctuation (or the text marked \`<span lang="zh">\`)`

/**
 * CJK punctuation in a narrative not in Chinese, Japanese or Korean, outside text marked
 * as such (`<span lang="zh">`), at its line and column.
 * @param {import('../../narrative/read.js').NarrativeFile} file
 * @returns {import('../../lib/problems.js').Problem[]}
 */
export function punctuationProblems(file) {
  if (/^(?:zh|ja|ko)\b/.test(file.lang)) return []
  const text = file.text.replace(/<(span|div) lang="(?:zh|ja|ko)[^"]*">[\s\S]*?<\/\1>/g, (m) => m.replace(/[^\n]/g, ' '))
  return [...text.matchAll(new RegExp(CJK_PUNCTUATION.source, 'g'))].map((m) => {
    const before = text.slice(0, m.index).split('\n')
    return {file: file.rel, line: before.length, col: (before.at(-1)?.length ?? 0) + 1, severity: 'warning', rule: 'cjk-punctuation', message: cjkMessage(m[0], `${file.lang} text`)}
  })
}
