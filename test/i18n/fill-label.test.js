import {describe, expect, test} from 'vitest'
import {fillLabel} from '../../tools/i18n/labels.js'

describe('a label with fields, filled as Hugo\'s i18n fills it', () => {
  test('should fill each field by its name, a missing or null one with nothing, and leave a label without fields as it is', () => {
    expect(fillLabel('{{ .n }} of {{.m}}: {{ .n }}', {n: 3, m: 'eight'})).toBe('3 of eight: 3')
    expect(fillLabel('{{ .n }} of {{ .m }}', {n: null})).toBe(' of ')
    expect(fillLabel('no fields {{ . n }} {{ .n', {n: 1})).toBe('no fields {{ . n }} {{ .n')
    expect(fillLabel('', {})).toBe('')
  })

  test('should fill the same label again with other fields (its parts are kept between calls)', () => {
    const label = '平均延迟 {{ .value }} 毫秒（{{ .subject }}）'
    expect(fillLabel(label, {value: 1.5, subject: 'v1'})).toBe('平均延迟 1.5 毫秒（v1）')
    expect(fillLabel(label, {value: 0, subject: 'v2'})).toBe('平均延迟 0 毫秒（v2）')
  })

  test('should space a field from CJK text only when one side is Latin text or digits', () => {
    const label = '{{ .metric }} 相比 {{ .baseline }} 的变化'
    expect(fillLabel(label, {metric: 'QPS', baseline: '旧版本'})).toBe('QPS 相比旧版本的变化')
    expect(fillLabel(label, {metric: '吞吐', baseline: 'v5.1.4'})).toBe('吞吐相比 v5.1.4 的变化')
    expect(fillLabel('{{ .baseline }} に対する変化率', {baseline: 'サーバー'})).toBe('サーバーに対する変化率')
    expect(fillLabel('{{ .baseline }} に対する変化率', {baseline: 'v3.0'})).toBe('v3.0 に対する変化率')
  })
  test('should write no space beside a full-width bracket, whatever the other side (a variant\'s name, a title)', () => {
    expect(fillLabel('{{ .subjects }} 的 QPS', {subjects: 'v8.5.0（调优模式）'})).toBe('v8.5.0（调优模式）的 QPS')
    expect(fillLabel('{{ .subjects }} の、スレッド数ごとの {{ .metric }}', {subjects: 'v8.5.0（チューニングモード）', metric: 'TPS'})).toBe('v8.5.0（チューニングモード）の、スレッド数ごとの TPS')
    expect(fillLabel('{{ .label }} QPS', {label: 'v5.7.10（默认配置）'})).toBe('v5.7.10（默认配置）QPS')
    expect(fillLabel('见 {{ .title }}', {title: '《TiDB v6.0.0 测试报告》'})).toBe('见《TiDB v6.0.0 测试报告》')
    expect(fillLabel('{{ .subjects }} vs {{ .baseline }}', {subjects: 'v8.5.0 (Tuning mode)', baseline: 'v8.4.0'})).toBe('v8.5.0 (Tuning mode) vs v8.4.0')
  })
})
