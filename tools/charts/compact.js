/**
 * A chart's SVG as Vega writes it, made smaller without changing a pixel: a
 * build writes thousands of charts, whose bytes are most of a site's size.
 * String work on Vega's own output, whose shape it relies on (one element a
 * tag, attributes in double quotes); test/site/chart-pixels.browser.test.js
 * checks every pixel against Vega's SVG with only its coordinates rounded.
 */

/**
 * @param {string} svg  as vega-scenegraph's SVG string renderer writes it
 */
export function compactSvg(svg) {
  let out = roundedCoordinates(svg)
    .replace(/<path class="(?:background|foreground)"[^>]*?(?:d="M0,0h0v0h0Z"|d=""|display="none")[^>]*\/>/g, '')
    .replace(/ (?:aria-hidden|aria-roledescription|aria-label|role|pointer-events|class)="[^"]*"/g, '')
    .replace(/ opacity="1"| stroke-miterlimit="4"/g, '')
    // a stroke width without a stroke draws nothing (filled points)
    .replace(/<path(?![^>]* stroke=)([^>]*?) stroke-width="[^"]*"/g, '<path$1')
  out = withoutDefaults(out)
  out = circles(out)
  out = mergedLines(out)
  out = hoistedText(out)
  return unwrapGroups(out).replace(/<g><\/g>/g, '')
}

/**
 * Paths and moves to a tenth of a pixel: the one step that may move a pixel's shade.
 * @param {string} svg
 */
export function roundedCoordinates(svg) {
  return svg.replace(/ (d|transform)="([^"]*)"/g, (_, name, value) => ` ${name}="${tenths(value)}"`)
}

/**
 * The numbers of a path or a transform to a tenth (the digits beyond cut, a `.0` dropped).
 * @param {string} value
 */
function tenths(value) {
  let dot = value.indexOf('.')
  if (dot < 0) return value
  // one scan, not two regular expressions: every coordinate of every chart passes here
  let out = ''
  let from = 0
  while (dot >= 0) {
    const first = value.charCodeAt(dot + 1)
    if (!isDigit(first)) {
      dot = value.indexOf('.', dot + 1)
      continue
    }
    let end = dot + 2
    while (end < value.length && isDigit(value.charCodeAt(end))) end++
    // the first decimal kept, unless it is a 0 (nothing but a non-digit or the end follows it now)
    out += value.slice(from, first === 48 ? dot : dot + 2)
    from = end
    dot = value.indexOf('.', end)
  }
  return out + value.slice(from)
}

/** @param {number} code  a UTF-16 code unit */
const isDigit = (code) => code >= 48 && code <= 57

/**
 * Attributes equal to SVG's defaults, and paths that draw nothing (a group
 * background with neither fill nor stroke inherits the root's `fill="none"`).
 * @param {string} svg
 */
function withoutDefaults(svg) {
  return svg
    .replace(/<path(?: transform="[^"]*")? d="[^"]*"\/>/g, '')
    .replace(/ transform="translate\(0,0\)"| stroke-width="1"| text-anchor="start"/g, '')
    .replace(/<line\b[^>]*\/>/g, (line) => line.replace(/ (?:x1|y1|x2|y2)="0"/g, ''))
    // a text moved only: its position as x and y
    .replace(/<text\b([^>]*?) transform="translate\((-?[\d.]+),(-?[\d.]+)\)"/g, (_, before, x, y) => `<text${before}${x === '0' ? '' : ` x="${x}"`}${y === '0' ? '' : ` y="${y}"`}`)
}

/**
 * Vega's circle symbol, a path of two arcs moved to the point, as a circle.
 * @param {string} svg
 */
function circles(svg) {
  return svg.replace(
    /<path transform="translate\((-?[\d.]+),(-?[\d.]+)\)" d="M([\d.]+),0A\3,\3,0,1,1,-\3,0A\3,\3,0,1,1,\3,0"/g,
    (_, x, y, r) => `<circle cx="${x}" cy="${y}" r="${r}"`
  )
}

/** A line element Vega writes: `<line transform="translate(x,y)" x2=… y2=… stroke=…/>`. */
const LINE = /<line(?: transform="translate\((-?[\d.]+),(-?[\d.]+)\)")?((?: [xy][12]="-?[\d.]+")*)((?: [a-z-]+="[^"]*")*)\/>/y

/**
 * Each run of sibling lines drawn alike, opaque and a pixel wide, as one path: a grid is one element.
 * @param {string} svg
 */
function mergedLines(svg) {
  return svg.replace(/(?:<line\b[^>]*\/>)+/g, (run) => {
    /** @type {Array<{d: string, style: string, element: string}>} */
    const lines = []
    LINE.lastIndex = 0
    while (LINE.lastIndex < run.length) {
      const start = LINE.lastIndex
      const m = LINE.exec(run)
      if (!m || m.index !== start) return run
      const [tx, ty] = [Number(m[1] ?? 0), Number(m[2] ?? 0)]
      const at = Object.fromEntries([...m[3].matchAll(/ ([xy][12])="(-?[\d.]+)"/g)].map((a) => [a[1], Number(a[2])]))
      const [x1, y1, x2, y2] = [at.x1 ?? 0, at.y1 ?? 0, at.x2 ?? 0, at.y2 ?? 0]
      const [dx, dy] = [round(x2 - x1), round(y2 - y1)]
      const step = dy === 0 ? `h${dx}` : dx === 0 ? `v${dy}` : `l${dx},${dy}`
      lines.push({d: `M${round(tx + x1)},${round(ty + y1)}${step}`, style: m[4], element: m[0]})
    }
    /** @type {string[]} */
    const out = []
    for (let i = 0; i < lines.length;) {
      // Chromium shades a translucent line, or one wider than a pixel (error bars), a little
      // differently in a path: those stay as they are; axes, ticks and grids are opaque lines a pixel wide
      if (/ (?:stroke-)?opacity=| stroke-width=/.test(lines[i].style)) {
        out.push(lines[i++].element)
        continue
      }
      let j = i
      while (j < lines.length && lines[j].style === lines[i].style) j++
      out.push(`<path d="${lines.slice(i, j).map((l) => l.d).join('')}"${lines[i].style}/>`)
      i = j
    }
    return out.join('')
  })
}

/** @param {number} x */
const round = (x) => Math.round(x * 10) / 10

/**
 * The font family and commonest font size said once, on the root. Fills stay
 * on each text: the root's `fill="none"` is inherited too, and a style rule
 * would reach the other charts of a page that shows them inline.
 * @param {string} svg
 */
function hoistedText(svg) {
  const texts = svg.match(/<text\b[^>]*>/g) ?? []
  if (texts.length === 0) return svg
  /** @param {string} name @param {string} tag */
  const valueOf = (name, tag) => new RegExp(` ${name}="([^"]*)"`).exec(tag)?.[1]
  const families = new Set(texts.map((t) => valueOf('font-family', t)))
  const sizes = texts.map((t) => valueOf('font-size', t))
  const size = commonest(sizes)
  const family = [...families][0]
  if (families.size !== 1 || family === undefined || size === undefined || sizes.includes(undefined)) return svg
  const strip = new RegExp(` font-family="[^"]*"| font-size="${size.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`, 'g')
  return svg
    .replace(/<text\b[^>]*>/g, (tag) => tag.replace(strip, ''))
    .replace(/^<svg\b([^>]*)>/, `<svg$1 font-family="${family}" font-size="${size}">`)
}

/**
 * @param {Array<string | undefined>} values
 */
function commonest(values) {
  /** @type {Map<string | undefined, number>} */
  const counts = new Map()
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0]
}

/** Groups without attributes do nothing: their children take their place. @param {string} svg */
function unwrapGroups(svg) {
  /** @type {boolean[]} whether each open group is kept */
  const open = []
  return svg.replace(/<g\b([^>]*?)(\/?)>|<\/g>/g, (tag, attributes, selfClosing) => {
    if (tag === '</g>') return open.pop() ? tag : ''
    if (selfClosing) return attributes.trim() === '' ? '' : tag
    const kept = attributes.trim() !== ''
    open.push(kept)
    return kept ? tag : ''
  })
}
