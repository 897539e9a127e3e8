/**
 * A Vega scene written as compact SVG in one pass: what Vega's own SVG
 * writer followed by compactSvg (compact.js) gives, character for character,
 * for the marks our charts draw (groups, rules, lines, symbols, rectangles,
 * texts), at a fraction of the work: no markup is written to be taken out
 * again, no attribute is escaped that cannot need it. Vega's mark
 * definitions (`vega.Marks`) still say where each item goes; this only
 * writes it. Links are written as Vega writes them, from the hrefs the
 * caller's loader sanitized (`links`). A scene with anything else (a clip, a
 * link not sanitized, or sanitized with a target, a gradient, a text cut to
 * its limit, a mark of another kind) returns null, and the caller
 * writes it Vega's way. test/charts/svg-writer.test.js holds the two to the
 * same output over every kind of chart the site draws.
 *
 * @typedef {Record<string, any>} Item  any: a scenegraph item, read field by field as Vega's own writer reads it (vega's typings name a few of its fields)
 * @typedef {{marktype: string, items: Item[], clip?: unknown, zdirty?: boolean}} Mark
 * @typedef {(emit: (name: string, value: unknown) => void, item: Item) => void} Emitter  how Vega states an item's attributes
 * @typedef {{attr: Emitter, nested?: boolean}} MarkDef
 * @typedef {{
 *   Marks: Record<string, MarkDef> & {group: MarkDef & {background: Emitter}},
 *   sceneVisit: (mark: Mark, visit: (item: Item) => void) => void,
 *   textMetrics: {width: (item: Item, text: string) => number}
 * }} SceneParts  the parts of vega this writer uses, which vega's typings leave out or type for other uses
 */
import * as vega from './vega.mjs'
import {tenths} from './compact.js'

const {Marks, sceneVisit, textMetrics} = /** @type {SceneParts} */ (/** @type {unknown} */ (vega))

/** Thrown inside the writer for a scene it does not write; never leaves this module. */
class Unsupported extends Error {}

const TEXT_ANCHOR = /** @type {Record<string, string>} */ ({left: 'start', center: 'middle', right: 'end'})
const NUMBER = /^-?[\d.]+$/
const CIRCLE = /^M([\d.]+),0A\1,\1,0,1,1,-\1,0A\1,\1,0,1,1,\1,0$/

/**
 * Each item href's `xlink:href`, as the loader sanitized it, while a scene is
 * written (set and cleared by writeCompactSvg, which runs in one go).
 * @type {Map<string, string>}
 */
let links = new Map()

/**
 * @param {{items: Item[]}} root  the view's scenegraph root
 * @param {{width: number, height: number, origin: number[], background: unknown}} frame
 * @param {Map<string, string>} [sanitized]  each item href's sanitized URL (itemLinks)
 * @returns {string | null}  null for a scene this writer does not write
 */
export function writeCompactSvg(root, {width, height, origin, background}, sanitized = new Map()) {
  links = sanitized
  try {
    const font = commonFont(root)
    const out = [`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"${font ? ` font-family="${font.family}" font-size="${font.size}"` : ''}>`]
    if (background && background !== 'transparent' && background !== 'none') out.push(`<rect width="${width}" height="${height}" fill="${attr(background)}"/>`)
    out.push(`<g fill="none" transform="${rounded(`translate(${origin})`)}">`)
    writeMark(out, /** @type {Mark} */ (root), font)
    out.push('</g></svg>')
    return out.join('')
  } catch (error) {
    if (error instanceof Unsupported) return null
    throw error
  } finally {
    links = new Map()
  }
}

/**
 * @param {string[]} out
 * @param {Mark} mark
 * @param {{family: string, size: string} | null} font  what the root says for every text
 */
function writeMark(out, mark, font) {
  const def = Marks[mark.marktype]
  if (mark.clip || !def) throw new Unsupported()
  if (mark.marktype === 'rule') return writeRules(out, mark)
  const write = WRITERS[mark.marktype]
  if (!write) throw new Unsupported()
  for (const item of def.nested ? mark.items.slice(0, 1) : ordered(mark)) {
    const link = item.href ? links.get(item.href) : undefined
    if (item.href && link === undefined) throw new Unsupported()
    if (link !== undefined) out.push(`<a xlink:href="${attr(link)}">`)
    write(out, mark, item, font)
    if (link !== undefined) out.push('</a>')
  }
}

/**
 * Every item href of a scene, sanitized by the view's loader as Vega's SVG
 * writer has it done; one given a target or rel is left out (not written by
 * writeCompactSvg).
 * @param {{items: Item[]}} root
 * @param {import('vega').Loader} loader
 * @returns {Promise<Map<string, string>>}
 */
export async function itemLinks(root, loader) {
  /** @type {Set<string>} */
  const hrefs = new Set()
  const walk = (/** @type {{items?: Item[]}} */ node) => {
    for (const item of node.items ?? []) {
      if (item.href) hrefs.add(item.href)
      if (item.items) walk(item)
    }
  }
  walk(root)
  /** @type {Map<string, string>} */
  const sanitized = new Map()
  for (const href of hrefs) {
    const got = /** @type {Record<string, unknown> | null} */ (await loader.sanitize(href, {context: 'href'}).catch(() => null))
    if (got && typeof got.href === 'string' && Object.keys(got).every((k) => k === 'href' || got[k] == null)) sanitized.set(href, got.href)
  }
  return sanitized
}

/** @type {Record<string, (out: string[], mark: Mark, item: Item, font: {family: string, size: string} | null) => void>} */
const WRITERS = {
  group: (out, mark, item, font) => writeGroup(out, item, font),
  line: writePath,
  symbol: writePath,
  rect: writePath,
  text: (out, mark, item, font) => writeText(out, item, font)
}

/** @param {Mark} mark @returns {Item[]} in Vega's drawing order */
function ordered(mark) {
  /** @type {Item[]} */
  const items = []
  sceneVisit(mark, (/** @type {Item} */ item) => items.push(item))
  return items
}

/** @param {string[]} out @param {Item} group @param {{family: string, size: string} | null} font */
function writeGroup(out, group, font) {
  if (group.clip || (group.strokeForeground && group.stroke)) throw new Unsupported()
  const transform = rounded(`translate(${group.x || 0},${group.y || 0})`)
  const open = transform !== 'translate(0,0)'
  if (open) out.push(`<g transform="${transform}">`)
  const styles = styleAttributes(group, 'path')
  // a background that draws nothing is dropped, and one of no size; its path is made only when drawn (most groups have none)
  const d = styles ? rounded(/** @type {string} */ (emitted(Marks.group.background, group).d)) : ''
  if (d !== 'M0,0h0v0h0Z' && styles) out.push(`<path d="${d}"${styles}/>`)
  for (const mark of group.items ?? []) writeMark(out, mark, font)
  if (open) out.push('</g>')
}

/** @param {string[]} out @param {Mark} mark @param {Item} item */
function writePath(out, mark, item) {
  if (mark.marktype === 'symbol' && !item.angle && typeof item.shape !== 'object') return writeSymbol(out, item)
  const geometry = emitted(Marks[mark.marktype].attr, item)
  const d = geometry.d === undefined ? undefined : rounded(String(geometry.d))
  const transform = geometry.transform === undefined ? undefined : rounded(String(geometry.transform))
  const styles = styleAttributes(item, 'path')
  if (!styles) return // a path with no fill and no stroke draws nothing
  const place = transform === undefined || transform === 'translate(0,0)' ? '' : transform
  const circle = d !== undefined && /^translate\(-?[\d.]+,-?[\d.]+\)$/.test(place) ? CIRCLE.exec(d) : null
  if (circle) {
    const [x, y] = place.slice(10, -1).split(',')
    out.push(`<circle cx="${x}" cy="${y}" r="${circle[1]}"${styles}/>`)
  } else {
    out.push(`<path${place ? ` transform="${place}"` : ''}${d === undefined ? '' : ` d="${d}"`}${styles}/>`)
  }
}

/**
 * A symbol, as writePath writes it: its path (or circle) from its shape and
 * size, worked out once for each (symbolPath), moved to its place.
 * @param {string[]} out @param {Item} item
 */
function writeSymbol(out, item) {
  const styles = styleAttributes(item, 'path')
  if (!styles) return // a path with no fill and no stroke draws nothing
  const {d, r} = symbolPath(item.shape || 'circle', item.size != null ? item.size : 64)
  const x = tenths(String(item.x || 0))
  const y = tenths(String(item.y || 0))
  if (x === '0' && y === '0') out.push(`<path d="${d}"${styles}/>`)
  else if (r !== null && NUMBER.test(x) && NUMBER.test(y)) out.push(`<circle cx="${x}" cy="${y}" r="${r}"${styles}/>`)
  else out.push(`<path transform="translate(${x},${y})" d="${d}"${styles}/>`)
}

/**
 * A symbol's path depends on its shape and size only, and a chart's points
 * share a few: each path is made (by Vega's symbol, through d3's path) once.
 * By shape, then size (a number as a key of its own: no text made per point).
 * @type {Map<string, Map<unknown, {d: string, r: string | null}>>}
 */
const symbolPaths = new Map()

/**
 * @param {string} shape @param {unknown} size
 * @returns {{d: string, r: string | null}}  its path to a tenth of a pixel, and its radius when it is a circle
 */
function symbolPath(shape, size) {
  let sizes = symbolPaths.get(shape)
  if (!sizes) {
    if (symbolPaths.size >= 100) symbolPaths.clear()
    symbolPaths.set(shape, (sizes = new Map()))
  }
  let path = sizes.get(size)
  if (!path) {
    const d = rounded(String(emitted(Marks.symbol.attr, {shape, size}).d))
    if (sizes.size >= 1000) sizes.clear()
    sizes.set(size, (path = {d, r: CIRCLE.exec(d)?.[1] ?? null}))
  }
  return path
}

/**
 * A rule mark's items: runs of opaque, one-pixel lines drawn alike as one
 * path each, the others as lines (compact.js, mergedLines).
 * @param {string[]} out @param {Mark} mark
 */
function writeRules(out, mark) {
  // the run being drawn: its style, and its segments so far ('' when none)
  let style = ''
  let segments = ''
  for (const item of ordered(mark)) {
    if (item.href) throw new Unsupported()
    const x = item.x || 0
    const y = item.y || 0
    const x2 = item.x2 != null ? item.x2 - x : 0
    const y2 = item.y2 != null ? item.y2 - y : 0
    const tx = tenths(String(x))
    const ty = tenths(String(y))
    if (!NUMBER.test(tx) || !NUMBER.test(ty) || !NUMBER.test(String(x2)) || !NUMBER.test(String(y2))) throw new Unsupported()
    const own = styleAttributes(item, 'line')
    if (segments && own !== style) out.push(`<path d="${segments}"${style}/>`), (segments = '')
    if (ALONE.test(own)) {
      const place = tx === '0' && ty === '0' ? '' : ` transform="translate(${tx},${ty})"`
      out.push(`<line${place}${x2 === 0 ? '' : ` x2="${x2}"`}${y2 === 0 ? '' : ` y2="${y2}"`}${own}/>`)
      continue
    }
    const dx = round(x2)
    const dy = round(y2)
    style = own
    segments += `M${round(Number(tx))},${round(Number(ty))}${dy === 0 ? `h${dx}` : dx === 0 ? `v${dy}` : `l${dx},${dy}`}`
  }
  if (segments) out.push(`<path d="${segments}"${style}/>`)
}

/** A rule's style that a path of several cannot carry (compact.js merges only opaque one-pixel lines). */
const ALONE = / (?:stroke-)?opacity=| stroke-width=/

/** @param {number} x */
const round = (x) => Math.round(x * 10) / 10

/**
 * @param {string[]} out @param {Item} item
 * @param {{family: string, size: string} | null} font
 */
function writeText(out, item, font) {
  if (item.lineBreak && typeof item.text === 'string' && item.text.split(item.lineBreak).length > 1) throw new Unsupported()
  const several = Array.isArray(item.text) && item.text.length > 1
  // one line without an array: nearly every text is one
  const lines = several ? /** @type {unknown[]} */ (item.text).map(lineOf) : null
  const line = several ? '' : lineOf(Array.isArray(item.text) ? item.text[0] : item.text)
  // a text Vega would cut to its limit: Vega writes it
  if (item.limit > 0 && (lines ? lines.some((text) => cut(item, text)) : cut(item, line))) throw new Unsupported()
  const geometry = emitted(Marks.text.attr, item)
  const anchor = geometry['text-anchor'] === 'start' ? '' : ` text-anchor="${geometry['text-anchor']}"`
  const transform = rounded(String(geometry.transform))
  const moved = /^translate\((-?[\d.]+),(-?[\d.]+)\)$/.exec(transform)
  const place = moved ? `${moved[1] === '0' ? '' : ` x="${moved[1]}"`}${moved[2] === '0' ? '' : ` y="${moved[2]}"`}` : transform === 'translate(0,0)' ? '' : ` transform="${transform}"`
  const family = item.font || 'sans-serif'
  const size = `${item.fontSize != null ? +item.fontSize || 0 : 11}px`
  let fonts = (font?.family === family ? '' : ` font-family="${attr(family)}"`) + (font?.size === size ? '' : ` font-size="${size}"`)
  if (item.fontStyle != null) fonts += ` font-style="${attr(item.fontStyle)}"`
  if (item.fontVariant != null) fonts += ` font-variant="${attr(item.fontVariant)}"`
  if (item.fontWeight != null) fonts += ` font-weight="${attr(item.fontWeight)}"`
  out.push(`<text${anchor}${place}${fonts}${styleAttributes(item, 'text')}>${lines ? tspans(item, lines) : inner(line)}</text>`)
}

/** @param {unknown} line  a line of a text item @returns {string} as Vega writes it */
const lineOf = (line) => (line == null ? '' : String(line).trim())

/** @param {Item} item @param {string} text  one of its lines: whether Vega would cut it to the item's limit */
const cut = (item, text) => text.length > 0 && textMetrics.width(item, text) >= +item.limit

/**
 * The lines of a text in several (an axis title split in two), as Vega's
 * writer puts them: each after the first starts again at x 0, a line's
 * height lower (vega-scenegraph's lineHeight: the font size + 2 unless set).
 * @param {Item} item @param {string[]} lines
 */
function tspans(item, lines) {
  const height = item.lineHeight != null ? item.lineHeight : (item.fontSize != null ? +item.fontSize || 0 : 11) + 2
  return lines.map((line, i) => `<tspan${i ? ` x="0" dy="${height}"` : ''}>${inner(line)}</tspan>`).join('')
}

/**
 * The font of every text, said once on the root: one family for all, and
 * the commonest size (compact.js, hoistedText). Null without texts.
 * @param {{items: Item[]}} root
 * @returns {{family: string, size: string} | null}
 */
function commonFont(root) {
  /** @type {Map<string, number>} */
  const sizes = new Map()
  const families = new Set()
  /** @param {Mark} mark */
  const walk = (mark) => {
    for (const item of mark.items ?? []) {
      if (mark.marktype === 'text') {
        families.add(item.font || 'sans-serif')
        const size = `${item.fontSize != null ? +item.fontSize || 0 : 11}px`
        sizes.set(size, (sizes.get(size) ?? 0) + 1)
      } else if (mark.marktype === 'group') for (const child of item.items ?? []) walk(child)
    }
  }
  walk(/** @type {Mark} */ (root))
  if (families.size !== 1 || sizes.size === 0) return null
  const [size] = [...sizes].sort((a, b) => b[1] - a[1])[0]
  return {family: /** @type {string} */ ([...families][0]), size}
}

/**
 * An item's presentation attributes as compact.js leaves them: none that
 * says the default (stroke width 1, opacity 1, miter limit 4), and on a path
 * no stroke width without a stroke. A path left with none draws nothing.
 * @param {Item} item @param {'path' | 'line' | 'text'} tag
 */
function styleAttributes(item, tag) {
  if (item.blend != null) throw new Unsupported()
  // each style read by name, in the order Vega's writer emits them: every item of every chart passes here
  const {fill, stroke, strokeWidth} = item
  const stroked = stroke != null && stroke !== 'transparent'
  let s = ''
  if (fill != null && fill !== 'transparent') s += styleOf('fill', fill)
  if (item.fillOpacity != null) s += styleOf('fill-opacity', item.fillOpacity)
  if (stroked) s += styleOf('stroke', stroke)
  if (item.strokeOpacity != null) s += styleOf('stroke-opacity', item.strokeOpacity)
  if (strokeWidth != null) {
    if (typeof strokeWidth === 'object') throw new Unsupported()
    if (stroked || tag !== 'path') s += styleOf('stroke-width', strokeWidth, '1')
  }
  if (item.strokeCap != null) s += styleOf('stroke-linecap', item.strokeCap)
  if (item.strokeJoin != null) s += styleOf('stroke-linejoin', item.strokeJoin)
  if (item.strokeDash != null) s += styleOf('stroke-dasharray', item.strokeDash)
  if (item.strokeDashOffset != null) s += styleOf('stroke-dashoffset', item.strokeDashOffset)
  if (item.strokeMiterLimit != null) s += styleOf('stroke-miterlimit', item.strokeMiterLimit, '4')
  if (item.opacity != null) s += styleOf('opacity', item.opacity, '1')
  return s
}

/**
 * A presentation attribute, or '' when it says SVG's default.
 * @param {string} name @param {unknown} value  set @param {string} [fallback]  SVG's default
 */
function styleOf(name, value, fallback) {
  if (typeof value === 'object') throw new Unsupported() // a gradient
  const text = String(value)
  return text === fallback ? '' : ` ${name}="${typeof value === 'number' ? text : attr(text)}"`
}

/**
 * What a Vega attribute emitter emits for an item.
 * @param {(emit: (name: string, value: unknown) => void, item: Item) => void} attrs @param {Item} item
 * @returns {Record<string, unknown>}
 */
function emitted(attrs, item) {
  /** @type {Record<string, unknown>} */
  const object = {}
  attrs((name, value) => {
    if (value != null) object[name] = value
  }, item)
  return object
}

/** @param {string} value  a d or transform, to a tenth of a pixel */
const rounded = tenths

/** @param {unknown} value */
function attr(value) {
  const text = String(value)
  return /[&<>"\t\n\r]/.test(text)
    ? text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\t/g, '&#x9;').replace(/\n/g, '&#xA;').replace(/\r/g, '&#xD;')
    : text
}

/** @param {string} text */
function inner(text) {
  return /[&<>]/.test(text) ? text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : text
}
