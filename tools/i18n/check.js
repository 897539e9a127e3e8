import {existsSync} from 'node:fs'
import {join} from 'node:path'
import {UsageError} from '../lib/errors.js'
import {checkDataTexts} from './data-check.js'
import {checkLabels} from './labels-check.js'
import {checkNarratives} from './narratives.js'
import {readNarratives} from '../narrative/index.js'

/**
 * Every translation problem of a project: labels (when no report is named), narratives, data text.
 *
 * @param {string} root
 * @param {string[]} languages  site languages; the first is the source of labels
 * @param {string[]} [ids]  only these reports
 * @param {string[]} [only]  only translations into these languages
 * @returns {{problems: import('../lib/problems.js').Problem[], reports: number, labels: number}}
 */
export function checkI18n(root, languages, ids, only) {
  if (ids) {
    const known = new Set(readNarratives(root, languages).reports.map((r) => r.id))
    for (const id of ids) {
      if (!known.has(id) && !existsSync(join(root, 'data', 'reports', `${id}.yaml`))) {
        throw new UsageError(`Unknown report \`${id}\`, expected a folder in content/narrative/ or a file in data/reports/`)
      }
    }
  }
  const labels = ids ? [] : checkLabels(root, languages, only)
  const narratives = checkNarratives(root, languages, {ids, only})
  const data = checkDataTexts(root, only ?? languages, ids)
  return {
    problems: [...labels, ...narratives.problems, ...data.problems],
    reports: new Set([...narratives.statuses.keys(), ...data.untranslated.keys()]).size,
    labels: ids ? 0 : (only ?? languages).length
  }
}
