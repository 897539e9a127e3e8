import {existsSync, readFileSync, readdirSync} from 'node:fs'
import {join, relative} from 'node:path'
import {writeFileAtomic} from '../lib/atomic-write.js'

/**
 * Fill in what Node made of the pages Hugo rendered: a marker
 * `<!--benchdoc-fill PATH BASE-->` that a template wrote is replaced by the
 * file at PATH under .benchdoc/assets/, each NUL in it by BASE (a link base,
 * as the template's relLangURL gave it). The versions pages' partials write
 * such markers for their charts and tables in a build (under `hugo server`
 * they read the files themselves): Hugo then renders while those are made,
 * and the drawing of a versions chart, the longest step of an edit that
 * changes a figure the versions pages print, no longer holds Hugo back.
 */
const MARK = '<!--benchdoc-fill '
const MARKS = /<!--benchdoc-fill ([\w./-]+)(?: ([^\s<>]+))?-->/g

/**
 * @param {{out: string, destination: string, languages: string[]}} options  `destination`: where Hugo wrote the site
 * @returns {number}  the pages filled
 */
export function fillPages({out, destination, languages}) {
  let filled = 0
  for (const file of versionsPages(destination, languages)) {
    const html = readFileSync(file, 'utf8')
    if (!html.includes(MARK)) continue
    writeFileAtomic(file, html.replace(MARKS, (_, path, base) => part(out, path, base ?? '', relative(destination, file))))
    filled++
  }
  return filled
}

/**
 * The file a marker names, with its link base.
 * @param {string} out @param {string} path @param {string} base @param {string} page  for the message
 */
function part(out, path, base, page) {
  const file = join(out, 'assets', path)
  if (path.split('/').includes('..') || !existsSync(file)) throw new Error(`${page}: ${path} was not made (tools/site/fill-pages.js); run \`benchdoc build\` again`)
  const text = readFileSync(file, 'utf8')
  return base === '' ? text : text.replaceAll('\0', base)
}

/**
 * Every versions page of the site, in each language's folder (or at the top,
 * for a site that puts its default language there).
 * @param {string} destination @param {string[]} languages
 */
function versionsPages(destination, languages) {
  return [destination, ...languages.map((lang) => join(destination, lang))].flatMap((dir) => {
    const versions = join(dir, 'versions')
    if (!existsSync(versions)) return []
    return readdirSync(versions, {withFileTypes: true}).filter((d) => d.isDirectory()).map((d) => join(versions, d.name, 'index.html')).filter((f) => existsSync(f))
  })
}
