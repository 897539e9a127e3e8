import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, it} from 'vitest'
import {decimalsOf} from '../../tools/derive/change.js'
import {buildSite} from '../../tools/site/build.js'
import {validateReportText} from '../../tools/validate/index.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {sectionById, textOf} from '../helpers/html.js'
import {embeddedServers, readYaml, runCli, tempDir, writePlan} from './helpers.js'

const PLAN = `report: engines
title: MariaDB and PostgreSQL, same matrix
subject: local
engine: [mariadb, postgresql]
tables: 1
table_size: 1000
time: 2
workloads:
  - {name: oltp_point_select, threads: [1, 2]}
  - {name: oltp_read_write, threads: [2]}
variables: [max_connections, shared_buffers]
`

describe('benchdoc run on MariaDB and PostgreSQL', () => {
  const dir = tempDir()
  const reportFile = join(dir, 'data', 'reports', 'engines.yaml')
  /** @type {Awaited<ReturnType<typeof runCli>>} */
  let result
  beforeAll(async () => {
    writePlan(dir, PLAN)
    result = await runCli(['run', 'plan.yaml'], {cwd: dir})
  })

  it('should run the matrix on a throwaway server of each engine, and leave none running', () => {
    expect(result.code).toBe(0)
    expect(result.stderr).toMatch(/^starting a throwaway MariaDB on 127\.0\.0\.1:\d+$/m)
    expect(result.stderr).toMatch(/^starting a throwaway PostgreSQL on 127\.0\.0\.1:\d+$/m)
    expect(result.stderr.match(/^3 points written to .*engines\.yaml in \d:\d\d$/gm)).toHaveLength(2)
    expect(embeddedServers()).toEqual([])
    expect(embeddedServers(undefined, 'postgres')).toEqual([])
  })

  it('should write one comparison report with subjects MariaDB and PostgreSQL', () => {
    expect(validateReportText(reportFile, readFileSync(reportFile, 'utf8')).problems.filter((p) => p.severity === 'error')).toEqual([])
    const report = readYaml(reportFile)
    expect(report.kind).toBe('comparison')
    expect(report.subjects.map((/** @type {any} */ s) => [s.id, s.label, s.product])).toEqual([
      ['local-mariadb', 'MariaDB', 'MariaDB'], ['local-postgresql', 'PostgreSQL', 'PostgreSQL']
    ])
    expect(report.subjects[1].version).toMatch(/^\d+\.\d+$/)
    expect(report.results.map((/** @type {any} */ p) => [p.subject, p.workload, p.threads])).toEqual([
      ['local-mariadb', 'oltp_point_select', 1], ['local-mariadb', 'oltp_point_select', 2], ['local-mariadb', 'oltp_read_write', 2],
      ['local-postgresql', 'oltp_point_select', 1], ['local-postgresql', 'oltp_point_select', 2], ['local-postgresql', 'oltp_read_write', 2]
    ])
    for (const p of report.results) expect(p.qps).toBeGreaterThan(0)
  })

  it('should capture SELECT version() and the SHOW variables the plan names', () => {
    const record = readYaml(join(dir, 'data', 'runs', 'engines', 'local-postgresql', 'run.yaml'))
    expect(record.server.version).toMatch(/^PostgreSQL \d+\.\d+ /)
    expect(record.server.variables).toEqual({max_connections: '1000', shared_buffers: '256MB'})
    expect(record.target).toBe('embedded PostgreSQL on 127.0.0.1 (throwaway)')
    const pg = readYaml(reportFile).parameters.find((/** @type {any} */ p) => p.component === 'PostgreSQL')
    expect(pg).toMatchObject({subjects: ['local-postgresql'], note: {source: 'en', en: 'server variables captured by benchdoc run (SHOW)', zh: 'benchdoc run 读取的服务器变量（SHOW）', ja: 'benchdoc run が取得したサーバー変数（SHOW）'}, content: 'max_connections = 1000\nshared_buffers = 256MB\n'})
  })

  it('should render the comparison in English, Chinese and Japanese', async () => {
    const {root, env} = fixtureSite({'data/reports/engines.yaml': readFileSync(reportFile, 'utf8')})
    expect((await buildSite({root, env})).built).toBe(true)
    const report = readYaml(reportFile)
    const qps = report.results.find((/** @type {any} */ p) => p.subject === 'local-postgresql' && p.threads === 2 && p.workload === 'oltp_point_select').qps
    for (const lang of ['en', 'zh', 'ja']) {
      const html = readFileSync(join(root, 'public', lang, 'reports', 'engines', 'index.html'), 'utf8')
      const results = textOf(sectionById(html, 'workload-oltp_point_select') ?? '')
      expect(results, lang).toContain('PostgreSQL')
      expect(results, lang).toContain('MariaDB')
      expect(results, lang).toContain(qps.toLocaleString('en-US', {minimumFractionDigits: decimalsOf(qps), maximumFractionDigits: decimalsOf(qps)}))
    }
  })
})
