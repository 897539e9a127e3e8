import {dataTexts, isLocalText} from '../../i18n/data-text.js'

/**
 * Text written per language has the text of its `source` language.
 * @type {import('./context.js').ReportRule}
 */
export const textSource = {
  name: 'text-source',
  check({report, error}) {
    for (const {path, value} of dataTexts(report)) {
      if (isLocalText(value) && typeof value[value.source] !== 'string') {
        error('text-source', [...path, 'source'], `Missing \`${value.source}\` text of \`${path.join('.')}\`, expected the text in its source language \`${value.source}\``)
      }
    }
  }
}
