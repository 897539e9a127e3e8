import {say} from './message.js'
import {factsOf} from './source.js'

/**
 * remark plugin (after remarkSectionFacts): a translation has every section
 * its source has, and no other.
 *
 * - `missing-section` (error): placed at the translated section the missing
 *   one should come before, or at the end of the file;
 * - `extra-section` (error): placed at the extra section's heading.
 *
 * @param {{source: import('./source.js').Source}} options
 */
export default function remarkI18nComplete(options) {
  const {source} = options
  /**
   * @param {import('mdast').Root} _
   * @param {import('vfile').VFile} file
   */
  return function (_, file) {
    const sections = factsOf(file)
    const lastLine = String(file.value).replace(/\n$/, '').split('\n').length
    source.order.forEach((id, i) => {
      if (sections[id]) return
      const next = source.order.slice(i + 1).find((later) => sections[later])
      const where = next ? `before \`${next}\`` : 'at the end'
      say(file, 'error', {line: next ? sections[next].line : lastLine, column: 1}, 'missing-section',
        `Missing section \`${id}\` of ${source.name}:${source.facts[id].line}, expected its translation ${where}`)
    })
    for (const [id, section] of Object.entries(sections)) {
      if (source.facts[id]) continue
      say(file, 'error', {line: section.line, column: 1}, 'extra-section',
        `Unexpected section \`${id}\`, expected one of the sections of ${source.name}: ${source.order.map((s) => `\`${s}\``).join(', ')}`)
    }
  }
}
