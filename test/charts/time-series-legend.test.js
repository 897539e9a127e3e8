import {describe, expect, it} from 'vitest'
import {renderSvg} from '../../tools/charts/render.js'
import {legendLayout, timeSeriesChartSpec} from '../../tools/charts/spec.js'

const LABELS = {throughput: 'TPS', time: 'Time (s)', series: 'Series', description: 'd', locale: 'en'}

/** @param {string[]} series */
function rows(series) {
  return series.flatMap((s, i) => [1, 2, 3].map((t) => ({series: s, t, throughput: 1000 * (i + 1) + t})))
}

describe('legendLayout', () => {
  it('should put short labels in 4 columns, and fewer as the longest label grows, at Vega\'s 9.6 px a character', () => {
    expect(legendLayout(['a · 1', 'b · 2'], 660)).toEqual({columns: 4, columnPadding: 10})
    // 25 characters: 240 + 21 + 10 px an entry, 2 columns in 660 px
    expect(legendLayout(['x'.repeat(25), 'y'], 660)).toEqual({columns: 2, columnPadding: 10})
    expect(legendLayout(['x'.repeat(42)], 660)).toEqual({columns: 1, columnPadding: 10})
  })

  it('should pad the columns by what full-width characters are drawn wider than Vega estimates', () => {
    // 20 characters: 192 px estimated, drawn 240: 48 px more padding
    expect(legendLayout(['数'.repeat(20)], 660)).toEqual({columns: 2, columnPadding: 58})
  })
})

describe('the time-series chart', () => {
  it('should lay its legend out by the longest text each token of a line\'s name stands for, not by the token', () => {
    const legend = (/** @type {import('../../tools/charts/job.js').ChartSpec} */ spec) => /** @type {any} */ (spec).encoding.color.legend
    const token = '\u2039tx_ghijklmnopqrstuv\u203a'
    const tokens = [`v5.1.4／${token}`, `v6.0.0／${token}`]
    const texts = ['v5.1.4／1,200', 'v6.0.0／1,200']
    expect(legend(timeSeriesChartSpec(rows(tokens), tokens, LABELS, {[token]: ['1,200', '1200']}))).toEqual({...legend(timeSeriesChartSpec(rows(texts), texts, LABELS)), columns: 4})
  })

  it('should show long series labels in full, in a legend no wider than the chart', async () => {
    const series = ['MariaDB, flush the log at every commit · 1', 'MariaDB, flush the log at every commit · 2', 'MariaDB, flush about once a second · 1', 'MariaDB, flush about once a second · 2']
    const svg = await renderSvg(timeSeriesChartSpec(rows(series), series, LABELS))
    for (const s of series) expect(svg).toContain(`>${s}</text>`)
    expect(svg).not.toContain('…')
    const width = (/** @type {string} */ svg) => Number(/^<svg[^>]* width="([\d.]+)"/.exec(svg)?.[1])
    const shortSeries = ['a · 1', 'a · 2', 'b · 1', 'b · 2']
    const short = await renderSvg(timeSeriesChartSpec(rows(shortSeries), shortSeries, LABELS))
    // the legend adds no width: the plot and its axis set it, as with short labels
    expect(width(svg)).toBe(width(short))
  })
})
