import {escapeHtml} from './context.js'

/**
 * One closing section of the narrative (conclusions, problems found,
 * advice, text not yet mapped) as report/narrative-section.html prints it;
 * nothing but whitespace when the narrative has none of it.
 * @param {import('./context.js').PageContext} ctx
 * @param {import('./context.js').Section} section
 * @returns {string}
 */
export function narrativeSectionHtml(ctx, section) {
  const html = ctx.narrative?.html[section.id]
  if (!html) return '\n'
  return `\n<section id="${escapeHtml(section.id)}" class="narrative">\n<h2>${ctx.t(section.title)}</h2>\n<div class="prose">${html}</div>\n</section>\n`
}
