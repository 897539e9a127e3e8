import {spawnSync} from 'node:child_process'
import {createRequire} from 'node:module'

/**
 * A chart as PNG for documentation sites that want raster images: the SVG drawn by
 * resvg (a prebuilt binary: no browser, no canvas) at twice its size, in the system's
 * sans-serif and any installed font with CJK glyphs.
 */

const require = createRequire(import.meta.url)

/** @type {string | null | undefined} the system's sans-serif family, looked up once */
let sansSerif

/** fontconfig's sans-serif family, or null without fontconfig. */
function sansSerifFamily() {
  if (sansSerif === undefined) {
    const found = spawnSync('fc-match', ['-f', '%{family[0]}', 'sans-serif'], {encoding: 'utf8'})
    sansSerif = found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null
  }
  return sansSerif
}

/**
 * @param {string} svg
 * @returns {Buffer}
 */
export function svgToPng(svg) {
  const {Resvg} = /** @type {typeof import('@resvg/resvg-js')} */ (require('@resvg/resvg-js'))
  const family = sansSerifFamily()
  const font = {loadSystemFonts: true, ...(family ? {sansSerifFamily: family, defaultFontFamily: family} : {})}
  return new Resvg(svg, {fitTo: {mode: 'zoom', value: 2}, font, background: 'white'}).render().asPng()
}
