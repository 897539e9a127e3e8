import {describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {frontMatterText, sidecarText} from '../../tools/export/front-matter.js'

describe('the export\'s front matter', () => {
  it('should write a title, a summary, the aliases and one benchdoc key naming the sidecar by its digest', () => {
    const front = frontMatterText({
      title: 'TiDB Sysbench performance test report: v1.2.0 vs v1.0.0',
      summary: 'v1.2.0 compared with v1.0.0, QPS by workload (mean of the per-point changes): Point Select +5.66%.',
      aliases: ['/old/page/'],
      key: {id: 'bench-0000', lang: 'en', digest: '0123456789ab'}
    })
    expect(front).toBe(
      '---\ntitle: "TiDB Sysbench performance test report: v1.2.0 vs v1.0.0"\n' +
      'summary: "v1.2.0 compared with v1.0.0, QPS by workload (mean of the per-point changes): Point Select +5.66%."\n' +
      'aliases: ["/old/page/"]\nbenchdoc: {id: "bench-0000", lang: "en", digest: "0123456789ab"}\n---\n'
    )
  })

  it('should write the sidecar as YAML that reads back as the facts, its digest changing with them', () => {
    const facts = {id: 'bench-0000', kind: 'comparison', subjects: ['v1.0.0', 'v1.2.0'], texts: {place: {source: 'zh', zh: '北京', en: 'Beijing'}}}
    const {text, digest} = sidecarText(facts)
    expect(parse(text)).toEqual(facts)
    expect(digest).toMatch(/^[0-9a-f]{12}$/)
    expect(sidecarText({...facts, subjects: ['v1.0.0']}).digest).not.toBe(digest)
  })
})
