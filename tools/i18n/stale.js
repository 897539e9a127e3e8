import {readStamp} from './front-matter.js'
import {sectionThen, lineDiff} from './history.js'
import {sourceLanguage, sourceOf} from './narratives.js'
import {readNarratives} from '../narrative/index.js'

/**
 * Each stale section's source as stamped and as it is now, as a line diff: what a translator updates from.
 *
 * @typedef {{file: string, id: string, source: string, digest: string, diff: string[] | null}} StaleSection
 *   `diff` is null when the old text is not in git history
 */

/**
 * @param {string} root
 * @param {string[]} languages  site languages
 * @param {string[]} [ids]  only these reports
 * @param {string[]} [only]  only translations into these languages
 */
export function staleSections(root, languages, ids, only) {
  /** @type {StaleSection[]} */
  const out = []
  for (const report of readNarratives(root, languages, {ids}).reports) {
    const main = sourceLanguage(report, languages)
    for (const lang of only ?? languages) {
      const file = report.files[lang]
      const stamp = file ? readStamp(file.text).stamp : null
      if (!file || !stamp || lang === main) continue
      const from = report.files[stamp.lang]
      if (!from || stamp.lang === lang) continue
      const source = sourceOf(from)
      const now = from.narrative.sections
      const have = file.narrative.sections
      for (const id of source.order) {
        const recorded = stamp.sections[id]
        if (!have[id] || !recorded || recorded === source.digests[id]) continue
        const then = sectionThen(root, from.rel, id, recorded)
        out.push({file: file.rel, id, source: from.rel, digest: recorded, diff: then === null ? null : lineDiff(then, now[id].markdown)})
      }
    }
  }
  return out
}

/**
 * @param {StaleSection} s
 */
export function formatStale(s) {
  const head = `${s.file}: stale section \`${s.id}\`, ${s.source} then (-) and now (+):`
  if (!s.diff) return `${s.file}: stale section \`${s.id}\`: the text of ${s.source} with digest \`${s.digest}\` is not in git history (see \`git log -p ${s.source}\`)\n`
  return `${head}\n${s.diff.map((l) => `    ${l}`).join('\n')}\n`
}
