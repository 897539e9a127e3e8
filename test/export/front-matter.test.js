import {describe, expect, it} from 'vitest'
import {frontMatterText} from '../../tools/export/front-matter.js'

describe('the export\'s front matter', () => {
  it('should write a title, a summary and the facts a documentation page has no place for, lists of names on one line', () => {
    const facts = {id: 'bench-0000', lang: 'en', kind: 'comparison', subjects: ['v1.0.0', 'v1.2.0'], product: 'TiDB', baseline: 'v1.0.0', metric: /** @type {const} */ ('qps'), order: ['v1.0.0@oltp_point_select', 'v1.2.0@oltp_point_select']}
    const front = frontMatterText({
      title: 'TiDB Sysbench performance test report: v1.2.0 vs v1.0.0',
      summary: 'v1.2.0 compared with v1.0.0, QPS by workload (mean of the per-point changes): Point Select +5.66%.',
      aliases: [],
      facts
    })
    expect(front).toBe(
      '---\ntitle: "TiDB Sysbench performance test report: v1.2.0 vs v1.0.0"\n' +
      'summary: "v1.2.0 compared with v1.0.0, QPS by workload (mean of the per-point changes): Point Select +5.66%."\n' +
      'benchdoc:\n  id: bench-0000\n  lang: en\n  kind: comparison\n  subjects: [v1.0.0, v1.2.0]\n  product: TiDB\n  baseline: v1.0.0\n  metric: qps\n' +
      '  order: [v1.0.0@oltp_point_select, v1.2.0@oltp_point_select]\n---\n'
    )
  })
})
