import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, test} from 'vitest'
import {buildSite} from '../../tools/site/build.js'
import {hugoBinary} from '../../tools/site/hugo.js'
import {HAVE_CHROMIUM, launchChromium} from '../helpers/browser.js'
import {serveStatic} from '../helpers/static-server.js'
import {ROOT} from '../helpers/paths.js'

// Chromium is installed by `make test` (make system); without it this fails
// rather than skips, so a missing install is never mistaken for a pass.
const out = join(ROOT, '.benchdoc', 'test-browser')
/** @type {{url: string, close: () => Promise<void>}} */
let server
/** @type {import('playwright-core').Browser} */
let browser

beforeAll(async () => {
  expect(HAVE_CHROMIUM, 'Chromium at /usr/bin/chromium (make system installs it)').toBe(true)
  const result = await buildSite({root: ROOT, destination: out, env: {...process.env, HUGO: hugoBinary(ROOT, process.env)}})
  expect(result.built).toBe(true)
  server = await serveStatic(out)
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
    const charts = page.locator('figure.chart svg')
    expect(await charts.count()).toBe(4)
    for (const chart of await charts.all()) {
      const box = await chart.boundingBox()
      expect(box?.width).toBeGreaterThan(300)
      expect(box?.height).toBeGreaterThan(150)
      expect(await chart.getAttribute('aria-label')).toMatch(/^v5\.1\.4, v6\.0\.0 の TPS/)
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
