import {spawnSync} from 'node:child_process'
import {createRequire} from 'node:module'

/**
 * A chart as PNG, for documentation sites that want raster images: the SVG
 * the charts module rendered from the chart's Vega-Lite spec, drawn by resvg
 * (`@resvg/resvg-js`: a prebuilt binary inside its npm package, so it
 * installs from the npm registry alone, needs no browser and no canvas, and
 * runs on Node 20). Twice the SVG's size, for sharp text on dense screens.
 *
 * Text is drawn with the system's fonts: the sans-serif family fontconfig
 * names (the charts ask for `sans-serif`), and any installed font that has
 * the glyphs of Chinese or Japanese words (resvg falls back to it).
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
