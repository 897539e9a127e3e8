import {readStamp} from './front-matter.js'
import {say} from './message.js'
import {factsOf} from './source.js'

/**
 * remark plugin (after remarkSectionFacts): a translation records what it was
 * translated from (`unstamped`, `stamp-format`), and the source has not
 * changed since (`stale-section`, placed at the translated section's heading).
 *
 * @param {{source: import('./source.js').Source, stampCommand: string}} options
 *   `stampCommand` is the command that records the digests, for messages.
 */
export default function remarkI18nCurrent(options) {
  const {source, stampCommand} = options
  /**
   * @param {import('mdast').Root} _
   * @param {import('vfile').VFile} file
   */
  return function (_, file) {
    const read = readStamp(String(file.value))
    for (const problem of read.problems) say(file, 'error', {line: problem.line, column: 1}, 'stamp-format', problem.message)
    if (read.problems.length > 0) return
    if (!read.stamp) {
      say(file, 'warning', {line: 1, column: 1}, 'unstamped',
        `Missing \`translated_from\` in front matter, expected the digests of the ${source.name} sections this translates (\`${stampCommand}\`)`)
      return
    }
    const sections = factsOf(file)
    for (const id of source.order) {
      const section = sections[id]
      if (!section) continue
      const recorded = read.stamp.sections[id]
      const now = source.digests[id]
      if (recorded === now) continue
      const origin = `${source.name}:${source.facts[id].line}`
      const reason = recorded
        ? `Stale section \`${id}\`: ${origin} changed since it was translated (digest \`${recorded}\`, now \`${now}\`)`
        : `Stale section \`${id}\`: ${origin} is not in \`translated_from\`, expected digest \`${now}\` once translated`
      say(file, 'warning', {line: section.line, column: 1}, 'stale-section', reason)
    }
  }
}
