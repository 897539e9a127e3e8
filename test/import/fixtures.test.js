import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {importMarkdown} from '../../tools/import/import.js'
import {formatProblem} from '../../tools/lib/problems.js'

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'import')

/** @param {string} name */
function run(name) {
  const {result, problems} = importMarkdown(readFileSync(join(FIXTURES, name), 'utf8'), {path: name})
  return {result, messages: problems.map(formatProblem), data: result ? parse(result.yaml) : null}
}

describe('importing fixtures of each variant', () => {
  it('should read side-by-side subjects, `3\\*8` threads, `1,000`, cloud nodes and check stated figures (en)', () => {
    const {result, messages, data} = run('en-side-by-side.md')
    expect(messages).toEqual([
      'en-side-by-side.md:38:41: warning: Stated change 14.00 % at 16 threads disagrees with 15.00 % derived from tps 2000 → 2300 [change-agrees]',
      'en-side-by-side.md:40:8: warning: Stated oltp_point_select change 13.5 % disagrees with 12.500 % derived from the points (mean of per-point tps changes); not recorded as a headline [headline-agrees]',
      'en-side-by-side.md:40:53: warning: Text names 64 threads, the oltp_point_select table has 8, 16 [threads-contradict]'
    ])
    expect(result?.lang).toBe('en')
    expect(data.id).toBe('acme-v2.3.0-vs-v2.2.1')
    expect(data.environment).toEqual({
      cloud: {provider: 'AWS', region: 'eu-west-1'},
      instances: [
        {role: 'TiDB', size: '8 vCPU, 16 GiB', count: 2},
        {role: 'TiKV', size: '8 vCPU, 32 GiB', count: 3, storage: '500 GiB'}
      ]
    })
    expect(data.plan).toEqual({
      db_driver: 'mysql', database: 'bench', tables: 8, table_size: 500000, time: 120, report_interval: 5,
      prepare_threads: 8, clients: 3, workloads: [{name: 'oltp_point_select', threads: [8, 16]}]
    })
    expect(data.results[0]).toEqual({subject: 'v2.2.1', workload: 'oltp_point_select', threads: 8, clients: 3, tps: 1000, latency_p95: 2.1})
    expect(result?.yaml).toContain('latency_p95: 2.10 }')
    expect(data.headlines).toBeUndefined()
    expect(result?.narrative).toContain('## Overview {#purpose}\n\nWe compare two Acme DB releases on a small cloud cluster.\n')
  })

  it('should read version-keyed rows under a list item, `64 * 2`, `500 万`/`500万`, avg / p95 pairs and a repeated header (zh)', () => {
    const {messages, data} = run('zh-version-rows.md')
    expect(messages).toEqual(['zh-version-rows.md:30:1: warning: Duplicate point v3.0.2 × oltp_read_write × 64 threads (table_size 5000000); the first is kept [duplicate-point]'])
    expect(data.date).toBe('2020-11')
    expect(data.place).toEqual({source: 'zh', zh: '上海'})
    expect(data.plan).toEqual({db_driver: 'mysql', tables: 8, table_size: 5000000, clients: 2, workloads: [{name: 'oltp_read_write', threads: [64]}]})
    expect(data.results).toEqual([
      {subject: 'v3.1.0', workload: 'oltp_read_write', threads: 64, clients: 2, tps: 1200.5, qps: 24010, latency_avg: 50.1, latency_p95: 80.2},
      {subject: 'v3.0.2', workload: 'oltp_read_write', threads: 64, clients: 2, tps: 1000.25, qps: 20005, latency_avg: 60.3, latency_p95: 95.7}
    ])
    expect(data.headlines).toEqual([{workload: 'oltp_read_write', subject: 'v3.1.0', change: 20.02}])
  })

  it('should map mangled Japanese terms and numbers back with a warning, and skip tables in HTML comments (ja)', () => {
    const {result, messages, data} = run('ja-mangled.md')
    expect(messages).toEqual([
      'ja-mangled.md:19:3: warning: Mistranslated term `ティクヴ` read as `TiKV` [ja-term]',
      'ja-mangled.md:19:10: warning: Mistranslated term `特大` read as `xlarge` (2 times) [ja-term]',
      'ja-mangled.md:20:3: warning: Mistranslated term `ティビ` read as `TiDB` [ja-term]',
      'ja-mangled.md:28:10: warning: Mistranslated term `品質保証` read as `QPS` (2 times) [ja-term]',
      'ja-mangled.md:30:19: warning: Mistranslated number `7時30分` read as `7.30` [ja-term]',
      'ja-mangled.md:33:1: warning: Skipped a table inside an HTML comment (not published); kept as a comment in the narrative [hidden-table]'
    ])
    expect(result?.lang).toBe('ja')
    expect(data.environment.instances).toEqual([{role: 'TiKV', instance_type: 'i3.xlarge'}, {role: 'TiDB', instance_type: 'c5.2xlarge'}])
    expect(data.subjects.map((/** @type {any} */ s) => s.id)).toEqual(['v4.0.9', 'v5.0.2'])
    expect(data.results.map((/** @type {any} */ p) => [p.subject, p.threads, p.qps, p.latency_p95])).toEqual([
      ['v4.0.9', 100, 5000.1, 7.3], ['v4.0.9', 200, 6000.2, 9.9], ['v5.0.2', 100, 5500, 6.5], ['v5.0.2', 200, 6600.4, 8.8]
    ])
    expect(result?.yaml).toContain('latency_p95: 7.30 }')
    expect(result?.narrative).toContain('<!-- an older run')
  })

  it('should keep stated figures of image-only results, configs per version after shortcodes, haproxy config, and unknown tables in the narrative (zh)', () => {
    const {result, messages, data} = run('zh-images-only.md')
    expect(messages).toEqual([
      'zh-images-only.md:15:1: warning: Unexpected `yaml` fence for TOML content, read as `toml` [fence-format]',
      'zh-images-only.md:40:1: warning: Unexpected table with columns `甲` | `乙`; kept in the narrative [unknown-table]'
    ])
    expect(data.results).toBeUndefined()
    expect(data.headlines).toEqual([{workload: 'oltp_read_write', subject: 'v7.1', change: 8}])
    expect(data.environment).toEqual({cloud: {provider: 'AWS'}})
    expect(data.parameters).toEqual([
      {component: 'TiKV', format: 'toml', subjects: ['v7.0'], content: 'storage.scheduler-worker-pool-size = 4\nraftstore.store-pool-size = 2\n'},
      {component: 'HAProxy', format: 'text', content: 'global\n    maxconn 4000\nlisten tidb\n    bind 0.0.0.0:3390\n    mode tcp\n    balance leastconn\n    server tidb-1 10.0.0.1:4000 check\n'}
    ])
    expect(result?.narrative).toContain('| 甲 | 乙 |')
  })

  it('should refuse a file with no recognisable report', () => {
    const {result, messages} = run('not-a-report.md')
    expect(result).toBeNull()
    expect(messages).toEqual(['not-a-report.md:1:1: error: No report found: expected a title or a version line naming the versions tested (e.g. `TiDB v6.0.0 vs v5.4.0`) [no-report]'])
  })
})
