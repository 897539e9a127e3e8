import {rmSync} from 'node:fs'
import {join} from 'node:path'
import {writeIfChanged} from '../write.js'
import {keepOnly} from '../prune.js'
import {MissingPart, pageContext} from './context.js'
import {reportArticleHtml} from './index.js'

/**
 * Where a report's page's article in `lang` is written: page.html prints it
 * (report/article.html reads it).
 * @param {string} out  the .benchdoc folder @param {string} id @param {string} lang
 */
export const pageFile = (out, id, lang) => join(out, 'assets', 'pages', id, `${lang}.html`)

/**
 * Write a report's pages' articles, one file per language (only those whose
 * text changed), and nothing else in its folder; or, when a page has a
 * section Node does not write, none, for the templates to lay out every page
 * of the report.
 * @param {string} out
 * @param {import('./context.js').HugoReport} model  the Hugo model (hugo-model.js hugoModel)
 * @param {import('./context.js').Site} site
 * @param {Record<string, string>} titles  the pages' titles by language (the report's card)
 * @returns {boolean}  whether they were written
 */
export function writeReportPages(out, model, site, titles) {
  const pages = site.languages.map((lang) => articleOrNull(pageContext(model, site, lang, titles[lang] ?? '')))
  if (pages.some((html) => html === null)) {
    removeReportPages(out, model.id)
    return false
  }
  const files = site.languages.map((lang, i) => (writeIfChanged(pageFile(out, model.id, lang), /** @type {string} */ (pages[i])), pageFile(out, model.id, lang)))
  keepOnly(join(out, 'assets', 'pages', model.id), new Set(files))
  return true
}

/**
 * The article, or null when Node cannot write it: a section without a
 * renderer, or a part of the model a renderer finds missing (a chart not
 * drawn), which the templates then name as they fail the build. Any other
 * error is a bug: it is thrown, not hidden behind slower pages.
 * @param {import('./context.js').PageContext} ctx
 */
function articleOrNull(ctx) {
  try {
    return reportArticleHtml(ctx)
  } catch (error) {
    if (error instanceof MissingPart) return null
    throw error
  }
}

/** @param {string} out @param {string} id */
export function removeReportPages(out, id) {
  rmSync(join(out, 'assets', 'pages', id), {recursive: true, force: true})
}
