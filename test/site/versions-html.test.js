import {describe, expect, test} from 'vitest'
import {versionsTableHtml} from '../../tools/site/versions-html.js'

const labels = {
  en: {versions_release: 'Release step', result_missing: '–', versions_stated: 'stated by the authors', workload_oltp_insert: 'Insert', overview_best_at: 'at {{ .threads }} threads'},
  zh: {versions_release: '版本升级', workload_oltp_insert: '插入'}
}

describe('a versions table written as its page prints it', () => {
  test('should write a step row with a stated change, a change and a missing cell, linked under the reports section', () => {
    const rows = [{label: 'v1.0 → v1.1', report: 'r-1', cells: [{text: '+4.11%', stated: true}, {text: '-2.00%', stated: false}, null]}]
    expect(versionsTableHtml({label: 'versions_release', workloads: ['oltp_insert', 'oltp_point_select', 'x'], rows}, labels, 'zh')).toBe(
      '<table class="versions">\n  \n<thead><tr>\n  <th scope="col">版本升级</th>\n  <th scope="col">插入</th><th scope="col">oltp_point_select</th><th scope="col">x</th>\n</tr></thead>\n\n  <tbody>\n  ' +
        '\n    <tr>\n      \n\n<th scope="row"><a href="\0r-1/">v1.0 → v1.1</a></th>\n\n      ' +
        '\n        <td class="num change" title="stated by the authors">+4.11%*</td>\n      ' +
        '\n        <td class="num change">-2.00%</td>\n      ' +
        '\n        <td class="num missing">–</td>\n      ' +
        '\n    </tr>\n  \n  </tbody>\n</table>'
    )
  })

  test('should write a release row with its best throughput, its value as JavaScript writes it and the threads it was reached at', () => {
    const rows = [{label: 'v2.0', report: 'r-2', cells: [{value: 1234567.5, text: '1,234,567.5', threads_text: '64 × 2'}, {value: 12.5, text: null, threads_text: '8'}]}]
    const html = versionsTableHtml({label: 'versions_release', workloads: ['oltp_insert', 'y'], rows}, labels, 'en')
    expect(html).toContain('\n        <td class="num" data-value="1234567.5">1,234,567.5 <small class="spread">at 64 × 2 threads</small></td>\n      ')
    expect(html).toContain('\n        <td class="num" data-value="12.5">– <small class="spread">at 8 threads</small></td>\n      ')
  })
})
