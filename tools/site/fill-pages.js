import {existsSync, readFileSync, readdirSync} from 'node:fs'
import {join, relative} from 'node:path'
import {writeFileAtomic} from '../lib/atomic-write.js'

/**
 * Fill in what Node made of the pages Hugo rendered: a marker
 * `<!--benchdoc-fill PATH BASE-->` that a template wrote is replaced by the
 * file at PATH under .benchdoc/assets/, each NUL in it by BASE (a link base,
 * as the template's relLangURL gave it). The lists of reports (home and
 * reports section) and the versions pages' charts and tables are written so
 * in a build (under `hugo server` the templates read the files themselves):
 * Hugo then renders while those are made, and a change that only moves their
 * figures needs no Hugo at all for those pages. What is filled in stays
 * between `<!--benchdoc-filled PATH BASE-->` and `<!--/benchdoc-filled-->`,
 * so that a later build fills the page again without Hugo: only the pages
 * whose parts changed, when it knows which parts each page holds (`pages`).
 */
const MARK = Buffer.from('<!--benchdoc-fill')
const CLOSE = Buffer.from('<!--/benchdoc-filled-->')
const HEAD = /^<!--benchdoc-fill(ed)? ([\w./-]+)(?: ([^\s<>]+))?-->$/

/**
 * Pages are worked on as bytes, not text: at 1,000 reports a home page is
 * 0.75 MB, and decoding and encoding it took most of the time to fill it.
 * @param {{out: string, destination: string, languages: string[], pages?: string[]}} options  `destination`: where Hugo wrote the site;
 *   `pages`: only these (paths under it, as an earlier call returned them), not every page a marker may be in
 * @returns {{filled: number, parts: Record<string, string[]>}}  the pages whose text changed, and the parts in each page read
 */
export function fillPages({out, destination, languages, pages}) {
  let filled = 0
  /** @type {Record<string, string[]>} */
  const partsOf = {}
  /** @type {Map<string, Buffer>} each part read once, and with each link base made once */
  const texts = new Map()
  const textOf = (/** @type {string} */ path, /** @type {string} */ base, /** @type {string} */ page) => {
    const key = `${path} ${base}`
    let text = texts.get(key)
    if (!text) texts.set(key, (text = withBase(part(out, path, page), base)))
    return text
  }
  for (const file of pages ? pages.map((p) => join(destination, p)).filter((f) => existsSync(f)) : pagesToFill(destination, languages)) {
    const html = readFileSync(file)
    if (html.indexOf(MARK) < 0) continue
    const page = relative(destination, file)
    const {chunks, parts} = filledChunks(html, (path, base) => textOf(path, base, page), page)
    partsOf[page] = parts
    const next = Buffer.concat(chunks)
    if (next.equals(html)) continue
    writeFileAtomic(file, next)
    filled++
  }
  return {filled, parts: partsOf}
}

/**
 * A page's bytes in pieces, each marker (filled before or not) with its part.
 * @param {Buffer} html @param {(path: string, base: string) => Buffer} textOf @param {string} page  for the message
 */
function filledChunks(html, textOf, page) {
  /** @type {Buffer[]} */
  const chunks = []
  /** @type {string[]} */
  const parts = []
  let from = 0
  for (let at = html.indexOf(MARK); at >= 0; at = html.indexOf(MARK, from)) {
    const headEnd = html.indexOf('-->', at) + 3
    const head = HEAD.exec(html.toString('utf8', at, headEnd))
    if (headEnd < 3 || !head) throw new Error(`${page}: a benchdoc-fill marker that is not whole at byte ${at} (tools/site/fill-pages.js); run \`benchdoc build\` again`)
    const [, before, path, base = ''] = head
    const close = before ? html.indexOf(CLOSE, headEnd) : headEnd
    if (close < 0) throw new Error(`${page}: ${path} is not closed (tools/site/fill-pages.js); run \`benchdoc build\` again`)
    chunks.push(html.subarray(from, at), Buffer.from(`<!--benchdoc-filled ${path}${base ? ` ${base}` : ''}-->`), textOf(path, base), CLOSE)
    parts.push(path)
    from = before ? close + CLOSE.length : headEnd
  }
  chunks.push(html.subarray(from))
  return {chunks, parts}
}

/**
 * The file a marker names.
 * @param {string} out @param {string} path @param {string} page  for the message
 */
function part(out, path, page) {
  const file = join(out, 'assets', path)
  if (path.split('/').includes('..') || !existsSync(file)) throw new Error(`${page}: ${path} was not made (tools/site/fill-pages.js); run \`benchdoc build\` again`)
  return readFileSync(file)
}

/**
 * A part with each NUL byte replaced by the link base.
 * @param {Buffer} text @param {string} base
 */
function withBase(text, base) {
  if (base === '') return text
  const by = Buffer.from(base)
  /** @type {Buffer[]} */
  const chunks = []
  let from = 0
  for (let at = text.indexOf(0); at >= 0; at = text.indexOf(0, from)) {
    chunks.push(text.subarray(from, at), by)
    from = at + 1
  }
  chunks.push(text.subarray(from))
  return Buffer.concat(chunks)
}

/**
 * Every page a marker may be in: each language's home page, its list of
 * reports and its versions pages (in the language's folder, or at the top
 * for a site that puts its default language there).
 * @param {string} destination @param {string[]} languages
 */
function pagesToFill(destination, languages) {
  return [destination, ...languages.map((lang) => join(destination, lang))].flatMap((dir) => {
    const lists = [join(dir, 'index.html'), join(dir, 'reports', 'index.html')].filter((f) => existsSync(f))
    const versions = join(dir, 'versions')
    if (!existsSync(versions)) return lists
    return [...lists, ...readdirSync(versions, {withFileTypes: true}).filter((d) => d.isDirectory()).map((d) => join(versions, d.name, 'index.html')).filter((f) => existsSync(f))]
  })
}
