import {existsSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs'
import {getPriority} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, test} from 'vitest'
import {buildSite} from '../../tools/site/build.js'
import {serveSite} from '../../tools/site/serve.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {fixture} from '../helpers/paths.js'
import {freePort} from '../../tools/run/supervisor.js'

const MINIMAL = readFileSync(fixture('validate/minimal.yaml'), 'utf8')
/** @param {string} id */
const report = (id) => MINIMAL.replace('id: minimal', `id: ${id}`)

/**
 * Poll until `check` holds, or fail with what was last seen.
 * @param {() => Promise<boolean>} check
 * @param {string} what
 */
async function eventually(check, what) {
  for (let i = 0; i < 150; i++) {
    if (await check().catch(() => false)) return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`timed out waiting for ${what}`)
}

describe('benchdoc serve', () => {
  // one label overridden by the repository, over the package's
  const {root, env} = fixtureSite({'data/reports/alpha.yaml': report('alpha'), 'data/reports/beta.yaml': report('beta'), 'i18n/en.yaml': 'workload_oltp_read_only: "Read Only"\n'})
  let terminal = ''
  /** @type {Awaited<ReturnType<typeof serveSite>>} */
  let serving
  let url = ''
  /** @param {string} path */
  const get = async (path) => {
    const r = await fetch(`${url}${path}`)
    return {status: r.status, html: await r.text()}
  }

  // serve lowers its own priority once Hugo's server runs, never raising it
  const priority = {before: getPriority(), after: NaN}

  beforeAll(async () => {
    const port = await freePort()
    url = `http://127.0.0.1:${port}`
    serving = await serveSite({root, port, io: {out: () => {}, err: (t) => void (terminal += t), cwd: root, env}, quietHugo: true})
    priority.after = getPriority()
    await eventually(async () => (await get('/en/reports/alpha/')).status === 200, 'the first page')
  }, 60_000)

  afterAll(async () => {
    await serving?.close()
  })

  test('should yield the CPU to Hugo\'s server, which renders the page an author waits for: nice 10, or lower if it was', () => {
    expect(priority.after).toBe(Math.max(priority.before, 10))
  })

  test('should serve pages as text/html, though they are published under benchdoc\'s own media type', async () => {
    const types = []
    for (const path of ['/', '/en/', '/zh/reports/alpha/', '/ja/reports/beta/index.html', '/en/versions/mariadb/']) {
      const r = await fetch(`${url}${path}`, {redirect: 'manual'})
      types.push(`${path} ${r.headers.get('content-type')}`)
    }
    expect(types).toEqual([
      '/ text/html; charset=utf-8',
      '/en/ text/html; charset=utf-8',
      '/zh/reports/alpha/ text/html; charset=utf-8',
      '/ja/reports/beta/index.html text/html; charset=utf-8',
      '/en/versions/mariadb/ text/html; charset=utf-8'
    ])
  })

  test('should print the validator\'s message and show it on every page while the data is invalid, until fixed', async () => {
    const file = join(root, 'data/reports/alpha.yaml')
    // saved as editors do: a new file renamed over the old one
    writeFileSync(`${file}.tmp`, report('alpha').replace('qps: 1100,', 'qps: "205k",'))
    renameSync(`${file}.tmp`, file)
    const message = 'data/reports/alpha.yaml:12:64: error: Unexpected `205k` at `results.1.qps`, expected number or null [schema/type]'
    await eventually(async () => terminal.includes(message), 'the message in the terminal')
    for (const path of ['/en/', '/ja/reports/beta/', '/zh/versions/mariadb/']) {
      await eventually(async () => (await get(path)).html.includes('class="problems"'), `the problems on ${path}`)
      expect((await get(path)).html).toContain(message)
    }
    const fixed = terminal.length
    writeFileSync(file, report('alpha'))
    await eventually(async () => !(await get('/en/reports/beta/')).html.includes('class="problems"'), 'the problems to clear')
    // the tests that read what serve prints begin after this edit's line
    await eventually(async () => terminal.slice(fixed).includes(' derived, '), 'the line after the fix')
  }, 60_000)

  test('should show an edited number in the table and in a new version of the chart', async () => {
    const chartOf = async () => (await get('/en/reports/alpha/')).html.match(/<img src="([^"]+)"/)?.[1] ?? ''
    const before = await chartOf()
    expect(before).toMatch(/^\/charts\/alpha\/oltp_point_select\.svg\?v=[0-9a-f]{12}#en$/)
    const said = terminal.length
    writeFileSync(join(root, 'data/reports/alpha.yaml'), report('alpha').replace('qps: 1100,', 'qps: 1700,'))
    await eventually(async () => (await get('/en/reports/alpha/')).html.includes('1,700'), 'the edited number')
    const after = await chartOf()
    expect(after).not.toBe(before)
    const chart = await fetch(`${url}${after}`)
    expect([chart.status, chart.headers.get('content-type')]).toEqual([200, 'image/svg+xml'])
    expect(await chart.text()).toMatch(/^<svg [^>]*><title lang="en">/)
    await eventually(async () => terminal.slice(said).includes(' derived, '), 'the line after the edit')
  }, 60_000)

  test('should show edits on the reports\' pages and on the index, deriving only the report edited', async () => {
    const said = terminal.length
    writeFileSync(join(root, 'data/reports/alpha.yaml'), report('alpha').replace('qps: 1100,', 'qps: 1450,'))
    await eventually(async () => (await get('/en/reports/alpha/')).html.includes('1,450'), 'the first edit')
    // Hugo may serve the page before serve's own line reaches this pipe
    await eventually(async () => terminal.slice(said).includes('\n'), 'the line after the first edit')
    expect(terminal.slice(said)).toMatch(/^1 of 2 reports derived, 1 chart rendered, 0 unchanged, in \d+ ms\n/)
    // the next edit, of a number the index does not show: the index shows the first
    writeFileSync(join(root, 'data/reports/beta.yaml'), report('beta').replace('latency_avg: 1.1,', 'latency_avg: 1.9,'))
    await eventually(async () => (await get('/zh/reports/beta/')).html.includes('<td class="num" data-value="1.9">1.9</td>'), 'the second edit')
    await eventually(async () => (await get('/ja/')).html.includes('+44.93%'), 'the first edit on the index')
    await eventually(async () => terminal.slice(said).split(' derived, ').length === 3, 'the line after the second edit')
  }, 60_000)

  test('should print a warning once, not again with every later edit while it stays', async () => {
    const said = terminal.length
    writeFileSync(join(root, 'data/reports/alpha.yaml'), report('alpha').replace('threads: [8]}', 'threads: [8]}\n    - {name: oltp_read_only, threads: [8]}'))
    await eventually(async () => terminal.slice(said).includes(' derived, '), 'the edit that draws a warning')
    expect(terminal.slice(said)).toMatch(/^data\/reports\/alpha\.yaml:10:14: warning: Planned workload `oltp_read_only` has no result, expected its points \(or remove it from the plan\) \[planned-without-result\]\n1 of 2 reports derived, \d+ charts? rendered, \d+ unchanged, in \d+ ms\n$/)
    const next = terminal.length
    writeFileSync(join(root, 'data/reports/beta.yaml'), report('beta').replace('latency_avg: 1.1,', 'latency_avg: 1.3,'))
    await eventually(async () => terminal.slice(next).includes(' derived, '), 'the next edit')
    expect(terminal.slice(next)).toMatch(/^1 of 2 reports derived, \d+ charts? rendered, \d+ unchanged, in \d+ ms; 1 warning as before\n$/)
  }, 60_000)

  test('should show a workload renamed in the data, and a new display name from the labels on the page and in the versions chart', async () => {
    const file = join(root, 'data/reports/alpha.yaml')
    writeFileSync(`${file}.tmp`, report('alpha').replaceAll('oltp_point_select', 'oltp_read_only'))
    renameSync(`${file}.tmp`, file)
    await eventually(async () => {
      const {html} = await get('/en/reports/alpha/')
      return html.includes('Read Only <code>oltp_read_only</code>') && !html.includes('oltp_point_select')
    }, 'the renamed workload')
    const labels = join(root, 'i18n/en.yaml')
    writeFileSync(labels, readFileSync(labels, 'utf8').replace('workload_oltp_read_only: "Read Only"', 'workload_oltp_read_only: "Read-Only Mix"'))
    await eventually(async () => (await get('/en/reports/alpha/')).html.includes('Read-Only Mix <code>oltp_read_only</code>'), 'the new display name on the report page')
    // the versions chart's legend names workloads by their display names, drawn by benchdoc, not by Hugo
    await eventually(async () => (await chartsOf('/en/versions/mariadb/')).includes('Read-Only Mix'), 'the new display name in the versions chart')
  }, 60_000)

  /**
   * A page with the charts it shows, inline or as files.
   * @param {string} path
   */
  const chartsOf = async (path) => {
    const {html} = await get(path)
    const files = [...html.matchAll(/(?:src|data)="([^"]+\.svg)"/g)].map((m) => new URL(m[1], `${url}${path}`).href)
    return [html, ...(await Promise.all(files.map(async (f) => (await fetch(f)).text())))].join('\n')
  }

  test('should stop serving a deleted report', async () => {
    rmSync(join(root, 'data/reports/beta.yaml'))
    await eventually(async () => (await get('/en/reports/beta/')).status === 404, 'the deleted page to go')
    expect((await get('/en/')).html).not.toContain('/en/reports/beta/')
    expect((await get('/en/reports/alpha/')).status).toBe(200)
  }, 60_000)
})

describe('benchdoc build', () => {
  test('should remove a deleted report\'s pages and downloads from public/', async () => {
    // one label overridden by the repository, over the package's
    const {root, env} = fixtureSite({'data/reports/alpha.yaml': report('alpha'), 'data/reports/beta.yaml': report('beta'), 'i18n/en.yaml': 'workload_oltp_read_only: "Read Only"\n'})
    expect((await buildSite({root, env})).built).toBe(true)
    expect(existsSync(join(root, 'public/en/reports/beta/index.html'))).toBe(true)
    rmSync(join(root, 'data/reports/beta.yaml'))
    expect((await buildSite({root, env})).built).toBe(true)
    for (const gone of ['public/en/reports/beta', 'public/ja/reports/beta', 'public/downloads/beta', 'public/charts/beta', '.benchdoc/static/charts/beta']) {
      expect(existsSync(join(root, gone)), gone).toBe(false)
    }
    expect(existsSync(join(root, 'public/en/reports/alpha/index.html'))).toBe(true)
  }, 60_000)
})
