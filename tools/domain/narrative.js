/**
 * A narrative's sections by heading id: headings are translated, ids are not.
 */

/** Sections shown after the results, in page order; `unmapped` holds what an import could not place. */
export const CLOSING_SECTIONS = /** @type {const} */ (['conclusions', 'problems', 'advice', 'unmapped'])

/** Every section id a narrative may have, besides workload notes. */
export const NARRATIVE_SECTIONS = /** @type {const} */ (['purpose', ...CLOSING_SECTIONS])
