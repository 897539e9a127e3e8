import {narrativeMissingHtml, translationLinks} from './narrative-missing.js'

/**
 * The purpose section as report/purpose.html prints it: the narrative's
 * introduction and purpose in this language (with a note and a link to the
 * original when the translation is stale), or the note of where the
 * narrative can be read.
 * @param {import('./context.js').PageContext} ctx
 * @returns {string}
 */
export function purposeHtml(ctx) {
  const n = ctx.narrative
  let body = narrativeMissingHtml(ctx)
  if (n) {
    const stale = /** @type {{sections: number, source: string | null} | null} */ (n.stale)
    const note = stale ? `<p class="narrative-stale">${ctx.t('narrative_stale', {count: stale.sections})}\n${translationLinks(ctx, (lang) => lang === stale.source)}</p>\n` : ''
    const prose = ['intro', 'purpose'].map((k) => n.html[k] ? `<div class="prose">${n.html[k]}</div>\n` : '').join('')
    body = `\n${note}${prose}`
  }
  return `\n<section id="purpose">\n<h2>${ctx.t('section_purpose')}</h2>\n${body}\n</section>\n`
}
