/**
 * What a translation is checked against: its source narrative's sections, facts and digests.
 *
 * @typedef {{
 *   name: string,
 *   lang: string,
 *   order: string[],
 *   facts: import('./facts.js').Facts,
 *   digests: Record<string, string>
 * }} Source
 *   `name` is the source file as messages name it (`en.md`).
 */

/**
 * @param {import('vfile').VFile} file  after remarkSectionFacts ran
 */
export function factsOf(file) {
  return /** @type {import('./facts.js').Facts} */ (file.data.sections ?? {})
}
