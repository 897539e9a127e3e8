import {describe, expect, it} from 'vitest'
import {dataYaml} from '../../tools/export/yaml-out.js'

describe('data YAML with its points written line by line', () => {
  it('should write results line by line exactly as the yaml library writes them', () => {
    const results = Array.from({length: 30}, (_, i) => ({
      subject: i % 2 ? 'v9.2.0-tuning' : 'v9.2.0',
      workload: 'oltp_point_select',
      threads: 8 * (i + 1),
      ...(i % 3 ? {clients: 3} : {}),
      ...(i % 5 ? {dimensions: {table_size: 1000000 * (i % 4 + 1), tidb_nodes: i % 4 + 1}} : {}),
      tps: 1000 + i * 12.5,
      latency_p95: i % 7 ? 1.5 + i / 10 : -0.25,
      ...(i % 4 ? {qps: 20000} : {})
    }))
    const written = new Map(results.flatMap((p, i) => [[`results/${i}/tps`, p.tps.toFixed(2)], [`results/${i}/latency_p95`, p.latency_p95.toFixed(3)]]))
    const report = {id: 'x', kind: 'comparison', subjects: [{id: 'v9.2.0', product: 'TiDB', version: 'v9.2.0'}], results, headlines: [{workload: 'oltp_point_select', subject: 'v9.2.0-tuning', change: 1.5}]}
    const slow = dataYaml(report, written, 'c', {byLine: false})
    const fast = dataYaml(report, written, 'c')
    expect(fast).toBe(slow)
    expect(fast).toContain('  - { subject: v9.2.0-tuning, workload: oltp_point_select, threads: 16, clients: 3, dimensions: { table_size: 2000000, tidb_nodes: 2 }, tps: 1012.50, latency_p95: 1.600, qps: 20000 }')
  })

  it('should leave a value it is not sure of to the yaml library', () => {
    const report = {id: 'x', results: [{subject: 'yes', workload: 'oltp_point_select', threads: 8, tps: 1}, {subject: '1.0', workload: 'w', threads: 8, tps: 1e21}]}
    expect(dataYaml(report, new Map(), 'c')).toBe(dataYaml(report, new Map(), 'c', {byLine: false}))
  })

  it('should write repeats, throughput over time, nulls and quoted strings as the yaml library writes them', () => {
    const results = [
      {subject: 'v1', workload: 'oltp_read_write', threads: 8, sysbench: '1.0.20', error: 'FATAL: connection refused, retried', log: 'data/runs/x/v1/rw-8.log.gz', tps: 12.5, errors: null, samples: [{order: 1, tps: 12}, {order: 2, tps: 13}], intervals: [{t: 1, tps: 11.5}], dimensions: {}},
      {subject: 'yes', workload: 'w', threads: 16, tps: 10, samples: [{order: 3, tps: 10}]}
    ]
    const written = new Map([['results/0/tps', '12.50'], ['results/0/samples/1/tps', '13.0'], ['results/0/intervals/0/tps', '11.50']])
    const fast = dataYaml({id: 'x', results}, written, 'c')
    expect(fast).toBe(dataYaml({id: 'x', results}, written, 'c', {byLine: false}))
    expect(fast).toContain('  - { subject: v1, workload: oltp_read_write, threads: 8, sysbench: 1.0.20, error: "FATAL: connection refused, retried", log: data/runs/x/v1/rw-8.log.gz, tps: 12.50, errors: null, samples: [ { order: 1, tps: 12 }, { order: 2, tps: 13.0 } ], intervals: [ { t: 1, tps: 11.50 } ], dimensions: {} }\n')
  })
})
