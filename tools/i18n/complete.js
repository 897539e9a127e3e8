import {say} from './message.js'
import {factsOf} from './source.js'
import {sectionDigest} from './digest.js'
import {looksLikeProse} from './data-text.js'
import {parseNarrative} from '../narrative/index.js'

/** Opens each source text `benchdoc i18n init` leaves for the translator. */
export const SCAFFOLD = '<!-- benchdoc-translate'

/**
 * remark plugin (after remarkSectionFacts): a translation has every section its
 * source has, and no other (`missing-section`, placed at the section it should come
 * before; `extra-section`; `untranslated-section`: still its source's text, an error,
 * or init's scaffold, a warning, as the page shows the source text there).
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
    /** Sections still holding init's scaffold: pending, so faithful.js leaves them alone. @type {Set<string>} */
    const pending = new Set()
    file.data.pending = pending
    const own = (/** @type {import('../narrative/parse.js').Narrative | undefined} */ (file.data.narrative) ?? parseNarrative(String(file.value))).sections
    for (const [id, section] of Object.entries(sections)) {
      const markdown = own[id]?.markdown ?? ''
      if (markdown.includes(SCAFFOLD)) {
        // a warning: the page shows the source's text there, marked, until it is translated
        pending.add(id)
        say(file, 'warning', {line: section.line, column: 1}, 'untranslated-section',
          `Section \`${id}\` not translated yet (the page shows ${source.name}'s text), expected its translation in place of the \`${SCAFFOLD}\` comment`)
      } else if (source.digests[id] === sectionDigest(markdown) && looksLikeProse(markdown.replace(/`[^`]*`|\]\([^)]*\)/g, ''))) {
        say(file, 'error', {line: section.line, column: 1}, 'untranslated-section',
          `Unexpected section \`${id}\` identical to ${source.name}:${source.facts[id].line}, expected its translation`)
      }
    }
    for (const [id, section] of Object.entries(sections)) {
      if (source.facts[id]) continue
      say(file, 'error', {line: section.line, column: 1}, 'extra-section',
        `Unexpected section \`${id}\`, expected one of the sections of ${source.name}: ${source.order.map((s) => `\`${s}\``).join(', ')}`)
    }
  }
}
