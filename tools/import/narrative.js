import {existsSync} from 'node:fs'
import {join} from 'node:path'
import {stringify} from 'yaml'
import {loadLabels} from '../i18n/labels.js'
import {PACKAGE_ROOT} from '../lib/root.js'
import {CLOSING_SECTIONS} from '../domain/index.js'
import {exportNarrative, importNarrative} from '../export/narrative.js'

/**
 * The narrative file of one language: front matter, H2 sections with fixed ids holding
 * the source's own text, and last {#unmapped}, what the importer could not map. The text
 * is written as the export writes it (export/narrative.js), so an export gives it back.
 */

/** @param {string[]} parts */
const written = (parts) => importNarrative(exportNarrative(parts.map((p) => p.trim()).join('\n\n')))

/**
 * @param {{id: string, lang: string, title: string | null, sections: Map<string, {heading: string, parts: string[]}>, unmapped: string[], workloads: string[]}} input
 */
export function narrativeMarkdown({id, lang, title, sections, unmapped, workloads}) {
  /** @type {Record<string, string>} */
  const front = {report: id, lang}
  if (title) front.title = title
  // headings of sections the source had none for: the package's labels in the narrative's language
  /** @type {Record<string, string>} */
  const labels = existsSync(join(PACKAGE_ROOT, 'i18n', `${lang}.yaml`)) ? loadLabels(PACKAGE_ROOT, lang) : {}
  const out = [`---\n${stringify(front, {lineWidth: 0})}---\n`]
  // in page order; `unmapped` comes last, below
  const keys = ['purpose', ...workloads.map((w) => `workload-${w}`), ...CLOSING_SECTIONS.filter((id) => id !== 'unmapped')]
  for (const key of keys) {
    const section = sections.get(key)
    if (!section || section.parts.length === 0) continue
    const heading = section.heading || labels[`section_${key}`] || key
    out.push(`## ${heading} {#${key}}\n\n${written(section.parts)}\n`)
  }
  if (unmapped.length > 0) {
    out.push(`## ${labels.section_unmapped ?? 'unmapped'} {#unmapped}\n\n${written(unmapped)}\n`)
  }
  return out.join('\n')
}
