import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, it} from 'vitest'
import {decimalsOf} from '../../tools/derive/change.js'
import {buildSite} from '../../tools/site/build.js'
import {validateReportText} from '../../tools/validate/index.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {sectionById, textOf} from '../helpers/html.js'
import {RATE, embeddedServers, readYaml, runCli, startCli, tempDir, writePlan} from './helpers.js'

const PLAN = `report: engines
title: MariaDB and PostgreSQL, same matrix
subject: local
engine: [mariadb, postgresql]
tables: 1
table_size: 1000
time: 2
options: {${RATE}}
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
    // the second engine's points arrive one by one: neither a thread-count warning nor its own partial state
    expect(result.stderr).not.toMatch(/same-threads|partial-run/)
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
    expect(report.subjects.map((/** @type {any} */ s) => s.db_driver)).toEqual(['mysql', 'pgsql'])
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

  it('should render the comparison in English, Chinese and Japanese, with each engine\'s own commands', async () => {
    const {root, env} = fixtureSite({'data/reports/engines.yaml': readFileSync(reportFile, 'utf8')})
    expect((await buildSite({root, env})).built).toBe(true)
    // each fact as "label value"
    const plan = textOf((sectionById(readFileSync(join(root, 'public', 'en', 'reports', 'engines', 'index.html'), 'utf8'), 'plan') ?? '').replace(/<\/dt>/g, '</dt> '))
    expect(plan).toContain('Database driver mysql, pgsql Database sbtest')
    const [mariadb, postgresql] = plan.slice(plan.indexOf('MariaDB Preparing the data')).split('PostgreSQL Preparing the data')
    expect(mariadb).toMatch(/^MariaDB Preparing the data/)
    expect(mariadb).toContain('--db-driver=mysql \\ --mysql-host=${HOST} \\ --mysql-port=${PORT}')
    expect(mariadb).not.toContain('pgsql')
    expect(postgresql).toContain('--db-driver=pgsql \\ --pgsql-host=${HOST} \\ --pgsql-port=${PORT}')
    expect(postgresql).not.toContain('mysql')
    const markdown = readFileSync(join(root, 'public', 'downloads', 'engines', 'engines.en.md'), 'utf8')
    expect(markdown.match(/--db-driver=\w+/g)).toEqual(['--db-driver=mysql', '--db-driver=mysql', '--db-driver=pgsql', '--db-driver=pgsql'])
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

describe('benchdoc run on MariaDB and PostgreSQL, stopped during PostgreSQL', () => {
  it('should leave a report whose one warning on what is missing names the points PostgreSQL has not measured yet', async () => {
    const dir = tempDir()
    writePlan(dir, PLAN)
    const {child, done} = startCli(['run', 'plan.yaml'], {cwd: dir})
    let stderr = ''
    child.stderr.on('data', (d) => void (stderr += d))
    while ((stderr.match(/^\[1\/3\] /gm) ?? []).length < 2) {
      if (child.exitCode !== null) break
      await new Promise((r) => setTimeout(r, 100))
    }
    child.kill('SIGINT')
    const result = await done
    expect(result.code).toBe(130)
    expect(result.stderr).toMatch(/^interrupted: 1 of 3 points written to /m)
    expect(result.stderr).not.toMatch(/same-threads|partial-run/)
    const file = join(dir, 'data', 'reports', 'engines.yaml')
    // real figures may also draw a p95-below-average doubt; what matters is what the report says is missing
    const completeness = ['partial-run', 'same-threads', 'planned-without-result', 'subject-has-results', 'headline-without-points']
    const problems = validateReportText('engines.yaml', readFileSync(file, 'utf8')).problems.filter((p) => completeness.includes(p.rule ?? ''))
    expect(problems.map((p) => `${p.severity} [${p.rule}] ${p.message}`)).toEqual([
      'warning [partial-run] Subject `local-postgresql` is a partial run (still running, or stopped): not measured yet: oltp_point_select at 2 threads; oltp_read_write at 2 threads. Comparisons cover the measured points only; `benchdoc run PLAN --resume` measures the rest'
    ])
  })
})
