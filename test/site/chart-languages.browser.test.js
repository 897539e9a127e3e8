import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, test} from 'vitest'
import {buildSite} from '../../tools/site/build.js'
import {HAVE_CHROMIUM, launchChromium} from '../helpers/browser.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {serveStatic} from '../helpers/static-server.js'
import {fixture} from '../helpers/paths.js'

// One chart file serves every language (tools/charts/languages.js): the page's
// image names its language in the URL's fragment. Here Chromium shows the
// image on each page, and it must look exactly like a chart that has only
// that language's words.
const LANGS = ['en', 'zh', 'ja']
/** @type {{url: string, close: () => Promise<void>}} */
let server
/** @type {import('playwright-core').Browser} */
let browser
let root = ''

beforeAll(async () => {
  expect(HAVE_CHROMIUM, 'Chromium at /usr/bin/chromium (make system installs it)').toBe(true)
  const site = fixtureSite({'data/reports/minimal.yaml': readFileSync(fixture('validate/minimal.yaml'), 'utf8')})
  root = site.root
  expect((await buildSite({root, env: site.env})).built).toBe(true)
  const chart = readFileSync(join(root, 'public/charts/minimal/oltp_point_select.svg'), 'utf8')
  // the oracle: the same file with only one language's texts, and no style sheet
  for (const lang of LANGS) {
    const alone = chart
      .replace(/<style>[^<]*<\/style>/, '')
      .replace(/<text class="([^"]*)"([^>]*>[^<]*<\/text>)/g, (_, langs, rest) => (langs.split(' ').includes(lang) ? `<text${rest}` : ''))
    writeFileSync(join(root, `public/charts/minimal/only-${lang}.svg`), alone)
  }
  server = await serveStatic(join(root, 'public'))
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

/**
 * A screenshot of an image as Chromium draws it in a page.
 * @param {import('playwright-core').Page} page
 * @param {string} selector
 */
async function drawn(page, selector) {
  const image = page.locator(selector).first()
  await image.scrollIntoViewIfNeeded()
  await image.evaluate((img) => /** @type {HTMLImageElement} */ (img).decode())
  return image.screenshot()
}

describe('a chart file for every language, in Chromium', () => {
  test('should draw the chart each page shows with that page\'s words only, as a file with only them is drawn', async () => {
    const context = await browser.newContext({javaScriptEnabled: false, viewport: {width: 1280, height: 900}})
    const page = await context.newPage()
    /** @type {Record<string, Buffer>} */
    const shots = {}
    for (const lang of LANGS) {
      await page.goto(`${server.url}/${lang}/reports/minimal/`)
      const image = page.locator('figure.chart img').first()
      const src = await image.getAttribute('src')
      expect(src).toMatch(new RegExp(`^/charts/minimal/oltp_point_select\\.svg\\?v=[0-9a-f]{12}#${lang}$`))
      const size = `width="${await image.getAttribute('width')}" height="${await image.getAttribute('height')}"`
      // both drawn alike, alone in a page, at the size the report page gives
      await page.setContent(`<body style="margin:0"><img src="${server.url}${src}" ${size}>`)
      shots[lang] = await drawn(page, 'img')
      await page.setContent(`<body style="margin:0"><img src="${server.url}/charts/minimal/only-${lang}.svg" ${size}>`)
      expect(shots[lang].equals(await drawn(page, 'img')), `${lang} chart as its page shows it`).toBe(true)
    }
    // the words differ, so the test would see a page showing another language's
    expect(shots.en.equals(shots.zh)).toBe(false)
    expect(shots.zh.equals(shots.ja)).toBe(false)
    await context.close()
  })

  test('should draw the first language\'s words when the URL names no language', async () => {
    const context = await browser.newContext({javaScriptEnabled: false})
    const page = await context.newPage()
    await page.setContent(`<img src="${server.url}/charts/minimal/oltp_point_select.svg">`)
    const bare = await drawn(page, 'img')
    await page.setContent(`<img src="${server.url}/charts/minimal/only-en.svg">`)
    expect(bare.equals(await drawn(page, 'img'))).toBe(true)
    await context.close()
  })
})
