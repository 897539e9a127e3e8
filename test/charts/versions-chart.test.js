import {describe, expect, it} from 'vitest'
import {renderSvg} from '../../tools/charts/render.js'
import {MOST_POINTS, titleLines, versionsChartSpec} from '../../tools/charts/versions-spec.js'

const LABELS = {x: 'Version', y: 'QPS', workload: 'Workload', description: 'd', locale: 'en'}
const WORKLOADS = ['Insert', 'Point Select', 'Read Write', 'Update Index']

/** Rows of two releases for the given workloads; Update Index measured in neither. */
const rows = ['Insert', 'Read Write', 'Update Index'].flatMap((workload) => [1, 2].map((order) => ({
  x: `v${order}`, order, workload, value: workload === 'Update Index' ? null : 1000 * order, href: `/r${order}/`
})))

/** The legend's names, in order. @param {string} svg */
const legendNames = (svg) => [...svg.matchAll(/>(Insert|Point Select|Read Write|Update Index)<\/text>/g)].map((m) => m[1])
/** Each line's colour, in order. @param {string} svg */
const lineColours = (svg) => [...svg.matchAll(/<path d="M[^"]*" stroke="([^"]+)" stroke-width="2"\/>/g)].map((m) => m[1])

describe('a versions chart', () => {
  it('should name in its legend only the workloads it draws a point of, each in its colour on the page\'s other charts', async () => {
    const svg = await renderSvg(versionsChartSpec(rows, WORKLOADS, LABELS))
    expect(legendNames(svg)).toEqual(['Insert', 'Read Write'])
    expect(lineColours(svg)).toEqual(['#1f6feb', '#1a7f37'])
  })

  it('should give each of more workloads than its palette holds a colour of its own', async () => {
    const many = Array.from({length: 10}, (_, i) => `w${i}`)
    const spec = versionsChartSpec(many.map((workload, i) => ({x: 'v1', order: 0, workload, value: i, href: '/r/'})), many, LABELS)
    expect(spec.data.values.map((r) => /** @type {{color: string}} */ (r).color)).toEqual(['#1f6feb', '#d1242f', '#1a7f37', '#9a6700', '#8250df', '#bf3989', '#0a7d8c', '#6e7781', 'hsl(16,60%,38%)', 'hsl(63,60%,38%)'])
  })

  it('should draw every report\'s point and join each workload\'s median per release with a line of its own', async () => {
    // Insert: two reports of v1 (1000 and 3000 QPS), one of v2 (2000), so its line is level at 2000; Read Write: 500 then 1000
    const two = [{x: 'v1', order: 0, value: 1000, href: '/a/'}, {x: 'v1', order: 1, value: 3000, href: '/b/'}, {x: 'v2', order: 2, value: 2000, href: '/c/'}].map((r) => ({...r, workload: 'Insert'}))
    const other = [{x: 'v1', order: 0, value: 500, href: '/a/'}, {x: 'v2', order: 2, value: 1000, href: '/c/'}].map((r) => ({...r, workload: 'Read Write'}))
    const svg = await renderSvg(versionsChartSpec([...two, ...other], ['Insert', 'Read Write'], LABELS))
    expect([...svg.matchAll(/<path d="(M[^"]*)" stroke="(#\w+)" stroke-width="2"\/>/g)].map((m) => `${m[2]} ${m[1]}`)).toEqual(['#1f6feb M120,80L360,80', '#d1242f M120,200L360,160'])
    expect([...svg.matchAll(/<path transform="translate\(([\d.,]+)\)" d="M-3.1,-3.1h6.3v6.3h-6.3Z" fill="#1f6feb"\/>/g)].map((m) => m[1])).toEqual(['120,160', '120,0', '360,80'])
  })

  it('should draw a bar from the lowest to the highest value instead of the points of a step more than MOST_POINTS reports measured, each workload\'s beside the others\'', async () => {
    // eleven reports of v1: Insert 1000 to 2000 QPS (median 1500), Read Write 500 to 1500 (1000); one of v2: 2000 and 1500
    const many = (/** @type {string} */ workload, /** @type {number} */ from) => Array.from({length: MOST_POINTS + 1}, (_, i) => ({x: 'v1', order: i, value: from + 100 * i, href: `/r${i}/`, workload}))
    const rows = [...many('Insert', 1000), ...many('Read Write', 500), ...[['Insert', 2000], ['Read Write', 1500]].map(([workload, value]) => ({x: 'v2', order: 11, value: Number(value), href: '/s/', workload: String(workload)}))]
    const svg = await renderSvg(versionsChartSpec(rows, ['Insert', 'Read Write'], LABELS))
    expect([...svg.matchAll(/<line transform="translate\(([\d.,]+)\)" y2="([-\d.]+)" stroke="(#\w+)" stroke-width="4"\/>/g)].map((m) => m.slice(1).join(' '))).toEqual(['84,120 -120 #1f6feb', '156,180 -120 #d1242f'])
    expect([...svg.matchAll(/<path d="(M[^"]*)" stroke="(#\w+)" stroke-width="2"\/>/g)].map((m) => `${m[2]} ${m[1]}`)).toEqual(['#1f6feb M120,60L360,0', '#d1242f M120,120L360,60'])
    // the points left are v2's, linked to its report
    expect([...svg.matchAll(/<a xlink:href="([^"]+)">/g)].map((m) => m[1])).toEqual(['/s/', '/s/'])
  })

  it('should hold, where it draws bars, only what it draws: a value moved within its step\'s bar and median leaves the spec as it was', () => {
    // eleven reports of v1 (1000 to 2000 QPS, median 1500) and one of v2
    const rowsWith = (/** @type {number} */ third) => [
      ...Array.from({length: MOST_POINTS + 1}, (_, i) => ({x: 'v1', order: i, value: i === 2 ? third : 1000 + 100 * i, href: `/r${i}/`, workload: 'Insert'})),
      {x: 'v2', order: 11, value: 2000, href: '/s/', workload: 'Insert'}
    ]
    const spec = (/** @type {number} */ third) => JSON.stringify(versionsChartSpec(rowsWith(third), ['Insert'], LABELS))
    const insert = {workload: 'Insert', key: '000Insert', color: '#1f6feb'}
    expect(JSON.parse(spec(1200)).data.values).toEqual([
      {kind: 'median', x: 'v1', step: 0, ...insert, value: 1500}, {kind: 'median', x: 'v2', step: 1, ...insert, value: 2000},
      {kind: 'range', i: 0, x: 'v1', step: 0, ...insert, low: 1000, high: 2000},
      {kind: 'point', x: 'v2', order: 11, value: 2000, href: '/s/', ...insert, step: 1, i: 11}
    ])
    expect(spec(1250)).toBe(spec(1200))
    // past the median, or past the highest value, it is another chart
    expect(spec(1700)).not.toBe(spec(1200))
    expect(spec(2500)).not.toBe(spec(1200))
  })

  it('should draw its frame without a legend when no workload has a point', async () => {
    const svg = await renderSvg(versionsChartSpec(rows.map((r) => ({...r, value: null})), WORKLOADS, LABELS))
    expect(legendNames(svg)).toEqual([])
    expect(svg).toContain('>Version</text>')
  })

  it('should hold in its spec nothing of its rows but their number of steps: charts of as many steps share a compiled shape', () => {
    const shape = (/** @type {import('../../tools/charts/job.js').ChartSpec} */ {data, usermeta, description, ...rest}) => JSON.stringify(rest)
    const other = rows.map((r) => ({...r, x: `w${r.order}`, workload: r.workload === 'Insert' ? 'Point Select' : r.workload, value: r.value && r.value * 3}))
    expect(shape(versionsChartSpec(other, WORKLOADS, LABELS))).toBe(shape(versionsChartSpec(rows, WORKLOADS, LABELS)))
  })
})

describe('a versions chart\'s axis title', () => {
  it('should be split at the space or comma nearest its middle when it is longer than the plot is tall', () => {
    expect(titleLines('Headline change (%) in each report’s metric, QPS or TPS', 240)).toEqual(['Headline change (%) in each', 'report’s metric, QPS or TPS'])
    expect(titleLines('全体の変化率（%、各レポートの QPS または TPS）', 240)).toEqual(['全体の変化率（%、各レポートの', 'QPS または TPS）'])
    expect(titleLines('总体变化（%，按各报告的 QPS 或 TPS）', 240)).toBe('总体变化（%，按各报告的 QPS 或 TPS）')
    expect(titleLines('x'.repeat(40), 240)).toBe('x'.repeat(40))
  })

  it('should be split when asked though it fits, unless it has no space or comma to split at', () => {
    expect(titleLines('总体变化（%，按各报告的 QPS 或 TPS）', 240, true)).toEqual(['总体变化（%，按各报告的', 'QPS 或 TPS）'])
    expect(titleLines('Change (%)', 240, true)).toEqual(['Change', '(%)'])
    expect(titleLines('变化（%）', 240, true)).toBe('变化（%）')
  })

  it('should leave the chart as tall as with a short title', async () => {
    const height = async (/** @type {string} */ y) => Number(/^<svg[^>]* height="([\d.]+)"/.exec(await renderSvg(versionsChartSpec(rows, WORKLOADS, {...LABELS, y}, {percent: true})))?.[1])
    expect(await height('Headline change (%) in each report’s metric, QPS or TPS')).toBe(await height('Change (%)'))
  })
})
