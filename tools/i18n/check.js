import {existsSync} from 'node:fs'
import {join} from 'node:path'
import {UsageError} from '../lib/errors.js'
import {checkLabels} from './labels-check.js'
import {checkNarratives} from './narratives.js'
import {readNarratives} from '../narrative/index.js'

/**
 * Every translation problem of a project: the labels in i18n/ (when no report
 * is named) and the translated narratives.
 *
 * @param {string} root
 * @param {string[]} languages
 * @param {string[]} [ids]  only these reports' narratives
 * @returns {{problems: import('../lib/problems.js').Problem[], reports: number, labels: number}}
 */
export function checkI18n(root, languages, ids) {
  if (ids) {
    const known = new Set(readNarratives(root, languages).reports.map((r) => r.id))
    for (const id of ids) {
      if (!known.has(id) && !existsSync(join(root, 'data', 'reports', `${id}.yaml`))) {
        throw new UsageError(`Unknown report \`${id}\`, expected a folder in content/narrative/ or a file in data/reports/`)
      }
    }
  }
  const labels = ids ? [] : checkLabels(root, languages)
  const narratives = checkNarratives(root, languages, {ids})
  return {
    problems: [...labels, ...narratives.problems],
    reports: narratives.statuses.size,
    labels: ids ? 0 : languages.length
  }
}
