import {describe, expect, test} from 'vitest'
import {reportTitle} from '../../tools/site/report-card.js'

const labels = {
  en: {report_title: '{{ .product }} report: {{ .subjects }} vs {{ .baseline }}', report_title_single: '{{ .product }} report of {{ .subjects }}', report_list: ', '},
  zh: {report_title: '{{ .product }} 报告：{{ .subjects }} 对比 {{ .baseline }}', report_list: '、'},
  ja: {report_title: '{{ .product }} レポート：{{ .baseline }} に対する {{ .subjects }} の比較', report_list: '・'}
}
const model = {product: 'TiDB', subject_labels: ['v5.4', 'v6.0'], title: null, narrative: {}}

describe('a report\'s title', () => {
  test('should be made of the product and the subjects, newest first, in each language', () => {
    expect(reportTitle(model, 'en', labels)).toBe('TiDB report: v6.0 vs v5.4')
    expect(reportTitle(model, 'zh', labels)).toBe('TiDB 报告：v6.0 对比 v5.4')
  })

  test('should list the compared subjects, newest first, against the baseline once', () => {
    const three = {...model, subject_labels: ['v1.0', 'v1.1', 'v1.2'], baseline: 'v1.0'}
    expect(reportTitle(three, 'en', labels)).toBe('TiDB report: v1.2, v1.1 vs v1.0')
    expect(reportTitle(three, 'zh', labels)).toBe('TiDB 报告：v1.2、v1.1 对比 v1.0')
    expect(reportTitle({...three, baseline: 'v1.1'}, 'en', labels)).toBe('TiDB report: v1.2, v1.0 vs v1.1')
    // ja names the baseline first: `A、B と C の比較` would read as a flat list of three
    expect(reportTitle(three, 'ja', labels)).toBe('TiDB レポート：v1.0 に対する v1.2・v1.1 の比較')
  })

  test('should take a label the language lacks from the default language', () => {
    expect(reportTitle({...model, subject_labels: ['v6.0']}, 'zh', labels)).toBe('TiDB report of v6.0')
  })

  test('should prefer the narrative\'s title, then the data\'s as the language shows it', () => {
    const titled = {...model, title: {en: {text: 'Nightly', lang: ''}, zh: {text: '每夜', lang: ''}}, narrative: {zh: {title: '六月'}}}
    expect(reportTitle(titled, 'zh', labels)).toBe('六月')
    expect(reportTitle(titled, 'en', labels)).toBe('Nightly')
  })

  test('should name the subjects as a language names a variant, with no space between CJK texts', () => {
    expect(reportTitle({...model, by_lang: {zh: {subject_labels: ['甲', '乙']}}}, 'zh', labels)).toBe('TiDB 报告：乙对比甲')
  })
})
