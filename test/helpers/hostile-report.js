import {parse, stringify} from 'yaml'
import {validateReportText} from '../../tools/validate/index.js'

/**
 * A report whose every string field the validator lets hold markup holds some:
 * each string of a report with every kind of field is replaced, in turn, by a
 * hostile string, and kept hostile when the report still validates (an id, a
 * workload's name or a date must keep its shape, and stays as it was).
 */

/** The strings: a script, an image that runs one, a javascript: link, and Markdown structure. */
export const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '[x](javascript:alert(1)) ![y](data:text/html,z) | # > - `t` *e* _u_ &amp;'
]

/** A valid report with every kind of string field the schema has. */
export const BASE = {
  schema_version: 1, id: 'hostile', title: 'T', kind: 'comparison', date: '2026-01-02', place: 'P', author: {source: 'zh', zh: 'A', en: 'A'},
  source: {file: 's.md', url: 'https://example.com/s', lang: 'en', doc_version: 'v1', aliases: [{file: 'o.md', lang: 'en', doc_version: 'v0'}]},
  aliases: {en: ['/old/en/'], zh: ['/old/zh/']}, product: 'TiDB',
  subjects: [
    {id: 'a', label: 'LA', variant: 'VA', product: 'TiDB', version: 'v1', components: [{name: 'tikv', version: 'v1', git_hash: 'abcdef1'}]},
    {id: 'b', label: 'LB', variant: 'VB', product: 'TiDB', version: 'v2', components: [{name: 'tikv', version: 'v2', git_hash: 'abcdef2'}]}
  ],
  baseline: 'a', metric: 'tps',
  dimensions: [{name: 'table_size', label: 'dimension_rows', unit: 'rows', component: 'tidb'}],
  environment: {
    cloud: {provider: 'C', region: 'R', image: 'I', service: 'S'},
    instances: [{role: 'tidb', instance_type: 'm5', size: 'XL', count: 2, storage: 'ssd'}],
    machines: [{host: 'h1', count: 1, cpu: 'Xeon', memory: '64G', disk: 'ssd', os: 'linux'}],
    client: {instance_type: 'm5', host: 'c1', cpu: 'Xeon', cores: 8, memory: '16G', os: 'linux'},
    os: 'linux', sysbench: '1.0', software: [{name: 'N', purpose: 'P', version: 'V'}], notes: ['note']
  },
  topology: [{hosts: ['h1'], instances: [{component: 'tidb', count: 1}]}],
  parameters: [{component: 'TiDB', format: 'yaml', content: 'a: 1\n', subjects: ['a'], workloads: ['oltp_point_select'], note: 'N'}],
  plan: {database: 'sbtest', tables: 4, table_size: 1000, time: 60, steps: ['step'], options: {x: 'y'}, workloads: [{name: 'oltp_point_select', threads: [8, 16]}]},
  results: [
    {subject: 'a', workload: 'oltp_point_select', threads: 8, dimensions: {table_size: 1000}, tps: 100, latency_p95: 2.5, sysbench: '1.0'},
    {subject: 'b', workload: 'oltp_point_select', threads: 8, dimensions: {table_size: 1000}, tps: 110, latency_p95: 2.4},
    {subject: 'a', workload: 'oltp_point_select', threads: 16, dimensions: {table_size: 1000}, tps: 190, latency_p95: 3},
    {subject: 'b', workload: 'oltp_point_select', threads: 16, dimensions: {table_size: 1000}, error: 'failed', tps: null}
  ]
}

/**
 * @param {string} [hostile]  the string to put in (default: the first of HOSTILE)
 * @returns {{yaml: string, paths: string[]}}  the report's YAML and the dotted paths of the hostile fields
 */
export function hostileReport(hostile = HOSTILE[0]) {
  const report = structuredClone(BASE)
  /** @type {string[]} */
  const paths = []
  const valid = () => !validateReportText('hostile.yaml', stringify(report), {derive: true}).problems.some((p) => p.severity === 'error')
  /** @param {any} node @param {string[]} path */
  const walk = (node, path) => {
    for (const [key, value] of Object.entries(node)) {
      if (value && typeof value === 'object') walk(value, [...path, key])
      else if (typeof value === 'string') {
        node[key] = `${hostile}${paths.length}${value.endsWith('\n') ? '\n' : ''}`
        if (valid()) paths.push([...path, key].join('.'))
        else node[key] = value
      }
    }
  }
  walk(report, [])
  return {yaml: stringify(report), paths}
}
