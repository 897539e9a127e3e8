import {readFileSync, existsSync} from 'node:fs'
import {join} from 'node:path'
import {deriveReport} from '../derive/report.js'
import {parseYamlSource} from '../lib/yaml-source.js'
import {agrees, decimalsOf} from '../derive/change.js'
import {say} from './message.js'
import {factsOf} from './source.js'

/**
 * remark plugin (after remarkSectionFacts): `unknown-figure`, a percentage in a
 * narrative's `conclusions` that is none of the report's figures within the rounding
 * `agrees` allows (other sections speak of settings: `keep CPU under 60%`).
 *
 * @param {{figures: number[], dataFile: string}} options
 */
export default function remarkI18nFigures(options) {
  const {figures, dataFile} = options
  /**
   * @param {import('mdast').Root} _
   * @param {import('vfile').VFile} file
   */
  return function (_, file) {
    const section = factsOf(file).conclusions
    if (!section) return
    for (const number of section.numbers) {
      if (!number.value.endsWith('%')) continue
      const written = number.value.slice(0, -1)
      const value = Number(written)
      if (figures.some((f) => agrees(value, Math.abs(f), decimalsOf(written)))) continue
      say(file, 'warning', {line: number.line, column: number.column}, 'unknown-figure',
        `Unexpected \`${number.value}\` in section \`conclusions\`, expected a stated or derived % change of ${dataFile}`)
    }
  }
}

/**
 * Every % figure of a report; null when it has no data file or cannot be derived (the validator says why).
 * @param {string} root
 * @param {string} id
 * @returns {{figures: number[], dataFile: string} | null}
 */
export function reportFigures(root, id) {
  const dataFile = join('data', 'reports', `${id}.yaml`)
  if (!existsSync(join(root, dataFile))) return null
  try {
    return figuresOf(deriveReport(/** @type {import('../types/report.js').Report} */ (parseYamlSource(dataFile, readFileSync(join(root, dataFile), 'utf8')).data)), dataFile)
  } catch {
    return null
  }
}

/**
 * The % figures of a derived report (the build passes its one derivation).
 * @param {ReturnType<typeof deriveReport>} derived
 * @param {string} dataFile  as messages name it
 * @returns {{figures: number[], dataFile: string}}
 */
export function figuresOf(derived, dataFile) {
  /** @type {number[]} */
  const figures = []
  for (const w of derived.workloads) {
    for (const h of w.headlines) figures.push(...[h.derived.value, h.stated?.value].filter((v) => typeof v === 'number'))
    for (const row of w.rows) for (const c of Object.values(row.change)) if (c.value != null) figures.push(c.value)
  }
  return {figures, dataFile}
}
