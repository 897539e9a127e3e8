import {mkdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {parse} from 'yaml'
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest'
import {HAVE_CHROMIUM, launchChromium} from '../helpers/browser.js'
import {serveStatic} from '../helpers/static-server.js'
import {ROOT} from '../helpers/paths.js'

// Chromium is installed by `make test` (make system); without it this fails
// rather than skips, so a missing install is never mistaken for a pass.
const out = join(inject('bundled'), 'public')
/** @type {{url: string, close: () => Promise<void>}} */
let server
/** @type {import('playwright-core').Browser} */
let browser

beforeAll(async () => {
  expect(HAVE_CHROMIUM, 'Chromium at /usr/bin/chromium (make system installs it)').toBe(true)
  server = await serveStatic(out)
  mkdirSync(join(ROOT, '.benchdoc', 'screenshots'), {recursive: true})
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe('a report page in Chromium', () => {
  test('should show every chart with JavaScript off, and log no errors', async () => {
    const context = await browser.newContext({javaScriptEnabled: false, viewport: {width: 1100, height: 900}})
    const page = await context.newPage()
    /** @type {string[]} */
    const errors = []
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
    page.on('pageerror', (e) => errors.push(String(e)))
    page.on('requestfailed', (r) => errors.push(`failed: ${r.url()}`))
    const response = await page.goto(`${server.url}/ja/reports/tidb-v6.0.0-vs-v5.1.4/`)
    expect(response?.status()).toBe(200)
    const charts = page.locator('figure.chart img')
    expect(await charts.count()).toBe(4)
    for (const chart of await charts.all()) {
      await chart.scrollIntoViewIfNeeded()
      // decode() fails for an image that did not load or is not an image
      const shown = await chart.evaluate(async (img) => {
        await /** @type {HTMLImageElement} */ (img).decode()
        const {naturalWidth, naturalHeight, width, height} = /** @type {HTMLImageElement} */ (img)
        return {natural: [naturalWidth, naturalHeight], drawn: [width, height], attributes: [img.getAttribute('width'), img.getAttribute('height')].map(Number)}
      })
      expect(shown.natural).toEqual(shown.attributes)
      expect(shown.drawn).toEqual(shown.attributes)
      expect(shown.natural[0]).toBeGreaterThan(300)
      expect(shown.natural[1]).toBeGreaterThan(150)
      expect(await chart.getAttribute('alt')).toMatch(/^スレッド数ごとの TPS（左）と P95 レイテンシ（ms、右）を示す折れ線グラフです。テスト対象は v5\.1\.4、v6\.0\.0 です。/)
    }
    expect(await page.locator('link[rel=stylesheet]').count()).toBe(1)
    expect(errors).toEqual([])
    await context.close()
  })

  test('should take a reader to the same report in another language', async () => {
    const page = await browser.newPage()
    await page.goto(`${server.url}/en/reports/tidb-v3.0.0-vs-v2.1.13/`)
    await page.locator('nav.lang-switch a[hreflang=zh]').click()
    await page.waitForURL(`${server.url}/zh/reports/tidb-v3.0.0-vs-v2.1.13/`)
    expect(await page.locator('h1').textContent()).toBe('TiDB Sysbench 性能测试报告：v3.0.0 对比 v2.1.13')
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN')
    await page.close()
  })

  test('should lead from the index to a report', async () => {
    const page = await browser.newPage()
    await page.goto(`${server.url}/en/`)
    await page.locator('table.index a', {hasText: 'v6.0.0 vs v5.1.4'}).click()
    await page.waitForURL(/\/en\/reports\/tidb-v6\.0\.0-vs-v5\.1\.4\/$/)
    const cell = page.locator('#workload-oltp_update_non_index tbody tr').last().locator('td').nth(1)
    expect(await cell.textContent()).toBe('13.70')
    await page.close()
  })
})

describe('a reader in Chromium', () => {
  test('should see the overview in the first screen of a report, at 1280 px', async () => {
    const page = await browser.newPage({viewport: {width: 1280, height: 800}})
    await page.goto(`${server.url}/en/reports/tidb-v6.0.0-vs-v5.1.4/`)
    const box = await page.locator('table.overview').boundingBox()
    expect(box && box.y + box.height).toBeLessThan(800)
    const first = await page.locator('table.overview tbody tr').first().locator('th, td').allTextContents()
    expect(first.map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
      'Point Select oltp_point_select', '+5.06%', '551,751 at 1,200 threads, p95 5.37 ms', '595,144 at 1,200 threads, p95 4.18 ms'
    ])
    await page.screenshot({path: join(ROOT, '.benchdoc', 'screenshots', 'report-overview.png')})
    await page.close()
  })

  test('should not have to scroll a report page sideways at 1280 px, in any language: wide tables scroll in their box', async () => {
    const page = await browser.newPage({viewport: {width: 1280, height: 800}})
    for (const lang of ['en', 'zh', 'ja']) {
      await page.goto(`${server.url}/${lang}/reports/tidb-v6.0.0-vs-v5.1.4/`)
      expect(await page.evaluate(() => document.documentElement.scrollWidth), lang).toBe(1280)
    }
    await page.close()
  })

  test('should scroll to each section named in the contents', async () => {
    const page = await browser.newPage({viewport: {width: 1280, height: 800}})
    await page.goto(`${server.url}/ja/reports/tidb-v6.0.0-vs-v5.1.4/`)
    const links = await page.locator('nav.toc a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))
    expect(links.length).toBeGreaterThan(10)
    for (const href of links) {
      await page.locator(`nav.toc a[href="${href}"]`).click()
      await page.waitForURL(new RegExp(`${href}$`))
      // at the top of the window, unless the page ends before it can get there
      const {top, bottom} = await page.locator(/** @type {string} */ (href)).evaluate((el) => ({
        top: el.getBoundingClientRect().top,
        bottom: window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1
      }))
      expect(Math.abs(top) < 2 || (bottom && top > 0 && top < 800), `${href} at ${top}`).toBe(true)
      await page.evaluate(() => window.scrollTo(0, 0))
    }
    await page.close()
  })

  test('should download the report as CSV with a row for every point', async () => {
    const context = await browser.newContext({acceptDownloads: true})
    const page = await context.newPage()
    await page.goto(`${server.url}/en/reports/tidb-v3.0.0-vs-v2.1.13/`)
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('p.downloads a', {hasText: 'CSV'}).click()])
    expect(download.suggestedFilename()).toBe('tidb-v3.0.0-vs-v2.1.13.csv')
    const path = join(ROOT, '.benchdoc', 'test-browser-download.csv')
    await download.saveAs(path)
    const [header, ...rows] = readFileSync(path, 'utf8').trimEnd().split('\r\n').map((l) => l.split(','))
    const report = parse(readFileSync(join(ROOT, 'data/reports/tidb-v3.0.0-vs-v2.1.13.yaml'), 'utf8'))
    const col = (/** @type {string} */ name) => header.indexOf(name)
    // numbers keep their recorded text (18012.80), so they are compared as numbers
    expect(rows.map((r) => `${r[col('subject')]}|${r[col('workload')]}|${r[col('threads')]}|${Number(r[col('qps')])}`)).toEqual(
      report.results.map((/** @type {any} */ p) => `${p.subject}|${p.workload}|${p.threads}|${p.qps}`)
    )
    expect(rows.find((r) => r[col('subject')] === 'v2.1.13' && r[col('workload')] === 'oltp_update_index' && r[col('threads')] === '1500')?.[col('qps')]).toBe('18012.80')
    await context.close()
  })

  test('should follow a product across releases, from the index to a report through a chart point', async () => {
    const page = await browser.newPage({viewport: {width: 1280, height: 900}})
    await page.goto(`${server.url}/zh/`)
    await page.locator('p.versions-links a[href$="/versions/tidb/"]').click()
    await page.waitForURL(`${server.url}/zh/versions/tidb/`)
    const steps = await page.locator('#change table.versions tbody th').allTextContents()
    expect(steps.map((s) => s.trim())).toEqual(['v1.0.8 → v2.0.0-rc6', 'v2.1.13 → v3.0.0', 'v3.0 → v4.0', 'v5.1.4 → v6.0.0 DMR'])
    await page.screenshot({path: join(ROOT, '.benchdoc', 'screenshots', 'versions.png'), fullPage: true})
    // a reader clicks where the point is drawn (the points of one step share its link)
    const point = await page.locator('#change svg a[*|href="../../reports/tidb-v6.0.0-vs-v5.1.4/"] path').first().boundingBox()
    if (!point) throw new Error('no chart point for v6.0.0')
    await page.mouse.click(point.x + point.width / 2, point.y + point.height / 2)
    await page.waitForURL(`${server.url}/zh/reports/tidb-v6.0.0-vs-v5.1.4/`)
    expect(await page.locator('#overview').count()).toBe(1)
    await page.close()
  })
})
