import {describe, expect, it} from 'vitest'
import {parsePlan, planForEngine, planPoints, reportPlan, subjectPlans} from '../../tools/run/plan.js'
import {sysbenchArgs} from '../../tools/derive/commands.js'
import {HELP} from '../../tools/run/command.js'
import {main} from '../../tools/cli.js'
import {exactly} from '../helpers/exact.js'
import {tempFolder} from '../helpers/temp.js'
import {writeFileSync} from 'node:fs'
import {join} from 'node:path'

describe('parsePlan', () => {
  it('should name every problem of a bad plan at its line and column', () => {
    const text = 'report: Bad Id\nsubject: a\ntarget:\n  driver: oracle\n  password: secret\nworkloads:\n  - name: oltp_insert\n    threads: []\noptions:\n  mysql-password: x\n'
    expect(() => parsePlan('bad.yaml', text)).toThrow(exactly([
      'invalid plan',
      'bad.yaml:1:9: error: Unexpected `Bad Id` at `report`, expected lower-case letters, digits, dots and hyphens, starting with a letter or digit [schema/pattern]',
      'bad.yaml:4:11: error: Unexpected `oracle` at `target.driver`, expected one of: mysql, pgsql [schema/enum]',
      'bad.yaml:5:3: error: Unexpected key `password` in `target`, expected one of: driver, host, port, socket, user, database, password_env [schema/additionalProperties]',
      'bad.yaml:8:14: error: Unexpected empty list at `workloads.0.threads`, expected at least 1 item [schema/minItems]',
      'bad.yaml:10:3: error: Unexpected `mysql-password` at `options`, expected text matching ^(?!(mysql|pgsql)-password$)[a-z][a-z0-9-]*$ [schema/pattern]'
    ].join('\n')))
  })

  it('should report a YAML syntax error at the slip, not on the line yaml finds it', () => {
    expect(() => parsePlan('p.yaml', 'report: [a\n')).toThrow(exactly('invalid plan\np.yaml:1:11: error: Missing the closing `]`, expected it at the end of this line [yaml-syntax]'))
  })

  it('should refuse a duplicate workload and a socket with a port', () => {
    const text = 'report: r\nsubject: s\ntarget: {socket: /tmp/s.sock, port: 3306}\nworkloads:\n  - {name: oltp_insert, threads: [1]}\n  - {name: oltp_insert, threads: [2]}\n'
    expect(() => parsePlan('p.yaml', text)).toThrow(exactly([
      'invalid plan',
      'p.yaml:3:10: error: Unexpected `socket` with `host` or `port`, expected one way to connect [one-connection]',
      'p.yaml:6:12: error: Duplicate workload `oltp_insert` [unique-workload]'
    ].join('\n')))
  })

  it('should read a stopping rule as `repeats`, its margin a number or a percentage, and record it in the report plan', () => {
    const text = (/** @type {string} */ repeats) => `report: r\nsubjects: [{id: a}, {id: b}]\nrepeats: ${repeats}\nworkloads:\n  - {name: oltp_insert, threads: [1]}\n`
    const plan = parsePlan('p.yaml', text('{min: 3, max: 8, margin: 1.5%}'))
    expect([plan.repeats, plan.rule, reportPlan(plan).repeats]).toEqual([8, {min: 3, max: 8, margin: 1.5}, {min: 3, max: 8, margin: 1.5}])
    expect(parsePlan('p.yaml', text('{max: 4}')).rule).toEqual({min: 2, max: 4, margin: 2})
    expect([parsePlan('p.yaml', text('5')).rule, reportPlan(parsePlan('p.yaml', text('5'))).repeats]).toEqual([null, undefined])
  })

  it('should name every problem of a stopping rule at its line and column', () => {
    const text = 'report: r\nsubject: a\nrepeats: {min: 5, max: 3, margin: 80%}\nworkloads:\n  - {name: oltp_insert, threads: [1]}\n'
    expect(() => parsePlan('p.yaml', text)).toThrow(exactly([
      'invalid plan',
      'p.yaml:3:16: error: Unexpected `min` 5 above `max` 3, expected at most `max` [repeats-rule]',
      'p.yaml:3:35: error: Unexpected margin `80%`, expected above 0 % and at most 50 % [repeats-rule]'
    ].join('\n')))
    expect(() => parsePlan('p.yaml', text.replace('{min: 5, max: 3, margin: 80%}', '{min: 1, margin: two}'))).toThrow(exactly([
      'invalid plan',
      'p.yaml:3:10: error: Missing key `max` in `repeats` [schema/required]',
      'p.yaml:3:16: error: Unexpected `1` at `repeats.min`, expected a number ≥ 2 [schema/minimum]',
      'p.yaml:3:27: error: Unexpected `two` at `repeats.margin`, expected text matching ^[0-9]+(\\.[0-9]+)?%$ [schema/pattern]'
    ].join('\n')))
  })

  it('should fill in the defaults, with no target meaning the embedded server', () => {
    const plan = parsePlan('p.yaml', 'report: r\nsubject: s\nworkloads:\n  - {name: oltp_insert, threads: [1, 8]}\n')
    expect(plan).toMatchObject({target: null, tables: 1, table_size: 10000, time: 60, warmup_time: 0, report_interval: 1, clients: 1, repeats: 1, steps: {prepare: true, analyze: true, cleanup: true}, on_error: 'continue'})
    expect(planPoints(plan)).toEqual([{workload: 'oltp_insert', threads: 1}, {workload: 'oltp_insert', threads: 8}])
  })
})

describe('parsePlan with client hosts and engines', () => {
  const hosts = 'clients:\n  - {host: bench1, ssh: u@10.0.0.11, count: 2}\n  - {host: bench2, ssh: u@10.0.0.12, port: 2222, identity_file: k}\n'

  it('should count the clients of every host and keep the place of each entry', () => {
    const plan = parsePlan('p.yaml', `report: r\nsubject: s\n${hosts}workloads:\n  - {name: oltp_insert, threads: [1]}\n`)
    expect(plan.clients).toBe(3)
    expect(plan.hosts).toEqual([
      {host: 'bench1', ssh: 'u@10.0.0.11', count: 2, sysbench: 'sysbench', place: {line: 4, col: 5}},
      {host: 'bench2', ssh: 'u@10.0.0.12', port: 2222, identity_file: 'k', count: 1, sysbench: 'sysbench', place: {line: 5, col: 5}}
    ])
    expect(reportPlan(plan).clients).toBe(3)
  })

  it('should refuse a duplicate host, an ssh destination that looks like an option, and engines that contradict the target', () => {
    const text = 'report: r\nsubject: s\nengine: postgresql\ntarget: {driver: mysql}\nclients:\n  - {host: a, ssh: u@h1}\n  - {host: a, ssh: u@h2}\nworkloads:\n  - {name: oltp_insert, threads: [1]}\n'
    expect(() => parsePlan('p.yaml', text)).toThrow(exactly([
      'invalid plan',
      'p.yaml:3:9: error: Unexpected engine `postgresql` with driver `mysql`, expected driver `pgsql` [engine-target]',
      'p.yaml:7:12: error: Duplicate client host `a` [unique-host]'
    ].join('\n')))
    expect(() => parsePlan('p.yaml', 'report: r\nsubject: s\nclients:\n  - {host: a, ssh: -oProxyCommand=x}\nworkloads:\n  - {name: oltp_insert, threads: [1]}\n')).toThrow(/^invalid plan\np\.yaml:4:20: error: Unexpected `-oProxyCommand=x` at `clients.0.ssh`, expected text matching .* \[schema\/pattern\]$/)
    expect(() => parsePlan('p.yaml', 'report: r\nsubject: s\nengine: [mariadb, postgresql]\ntarget: {host: h}\nworkloads:\n  - {name: oltp_insert, threads: [1]}\n')).toThrow(exactly(
      'invalid plan\np.yaml:3:9: error: Unexpected a list of engines with a `target`, expected one engine (a list runs each on a throwaway server) [engine-target]'
    ))
  })

  it('should make one subject per engine of a list, labelled with the product', () => {
    const plan = parsePlan('p.yaml', 'report: r\nsubject: s\nengine: [mariadb, postgresql]\nworkloads:\n  - {name: oltp_insert, threads: [1]}\n')
    expect(plan.engines).toEqual(['mariadb', 'postgresql'])
    expect([planForEngine(plan, 'mariadb'), planForEngine(plan, 'postgresql')].map((p) => [p.subject, p.label, reportPlan(p).db_driver])).toEqual([
      ['s-mariadb', 'MariaDB', 'mysql'], ['s-postgresql', 'PostgreSQL', 'pgsql']
    ])
    expect(planForEngine(parsePlan('p.yaml', 'report: r\nsubject: s\nengine: postgresql\nworkloads:\n  - {name: oltp_insert, threads: [1]}\n'), 'postgresql').subject).toBe('s')
  })
})

describe('parsePlan with several subjects', () => {
  const workloads = 'workloads:\n  - {name: oltp_read_only, threads: [1]}\n'

  it('should make one plan per subject, with its own server options, and 3 repeats by default', () => {
    const plan = parsePlan('p.yaml', `report: r\nserver_options: {max_connections: 500}\nsubjects:\n  - {id: big, server_options: {innodb_buffer_pool_size: 256M}}\n  - {id: small, label: Small pool, server_options: {innodb_buffer_pool_size: 6M, skip-log-bin: true}}\n${workloads}`)
    expect([plan.subject, plan.repeats]).toEqual(['big', 3])
    expect(subjectPlans(plan).map((p) => [p.subject, p.label, p.target, p.server_options, p.subjects[0].place])).toEqual([
      ['big', undefined, null, {max_connections: 500, innodb_buffer_pool_size: '256M'}, {line: 4, col: 5}],
      ['small', 'Small pool', null, {max_connections: 500, innodb_buffer_pool_size: '6M', 'skip-log-bin': true}, {line: 5, col: 5}]
    ])
    expect(parsePlan('p.yaml', `report: r\nrepeats: 5\nsubjects: [{id: a}, {id: b}]\n${workloads}`).repeats).toBe(5)
    expect(parsePlan('p.yaml', `report: r\nsubjects: [{id: a}]\n${workloads}`).repeats).toBe(1)
  })

  it('should give a subject its own target, else the plan’s', () => {
    const plan = parsePlan('p.yaml', `report: r\ntarget: {host: h1}\nsubjects:\n  - {id: a}\n  - {id: b, target: {host: h2, port: 3307}}\n${workloads}`)
    expect(subjectPlans(plan).map((p) => [p.subject, p.target?.host, p.target?.port])).toEqual([['a', 'h1', 3306], ['b', 'h2', 3307]])
  })

  it('should name every problem of the subjects at its line and column', () => {
    const text = `report: r\nsubject: s\nlabel: L\nengine: [mariadb, postgresql]\nsubjects:\n  - {id: a, server_options: {port: 1}}\n  - {id: a, target: {socket: /s, port: 1}, server_options: {x: 1}}\n${workloads}`
    expect(() => parsePlan('p.yaml', text)).toThrow(exactly([
      'invalid plan',
      'p.yaml:2:1: error: Unexpected `subject` with `subjects`, expected it in each subject [plan-subject]',
      'p.yaml:3:1: error: Unexpected `label` with `subjects`, expected it in each subject [plan-subject]',
      'p.yaml:4:1: error: Unexpected a list of engines with `subjects`, expected one engine [engine-target]',
      'p.yaml:6:30: error: Unexpected `port` in `server_options`, expected an option benchdoc does not set itself (where the throwaway server listens and keeps its files) [server-options]',
      'p.yaml:7:10: error: Duplicate subject `a` [unique-subject]',
      'p.yaml:7:22: error: Unexpected `socket` with `host` or `port`, expected one way to connect [one-connection]',
      'p.yaml:7:44: error: Unexpected `server_options` for a server with a `target`, expected them only for a throwaway server (no `target`) [server-options]'
    ].join('\n')))
    expect(() => parsePlan('p.yaml', `report: r\n${workloads}`)).toThrow(exactly('invalid plan\np.yaml:1:1: error: Missing `subject`, expected `subject` or `subjects` [plan-subject]'))
  })
})

describe('reportPlan and sysbenchArgs', () => {
  it('should run the warm-up as a checkpoint, since sysbench 1.0 has no --warmup-time', () => {
    const plan = parsePlan('p.yaml', 'report: r\nsubject: s\ntime: 30\nwarmup_time: 5\nworkloads:\n  - {name: oltp_insert, threads: [1]}\n')
    expect(sysbenchArgs(reportPlan(plan), {step: 'run', workload: 'oltp_insert', threads: 4, target: {host: 'h', port: 1, user: 'u'}})).toEqual([
      'oltp_insert', '--db-driver=mysql', '--mysql-host=h', '--mysql-port=1', '--mysql-user=u', '--mysql-db=sbtest', '--tables=1', '--table-size=10000',
      '--threads=4', '--time=35', '--report-checkpoints=5', '--report-interval=1', '--histogram=on', 'run'
    ])
  })
})

describe('benchdoc run', () => {
  it('should print its help', async () => {
    let out = ''
    expect(await main(['run', '--help'], {out: (t) => void (out += t), err: () => {}, cwd: '/', env: {}})).toBe(0)
    expect(out).toBe(HELP)
  })

  it('should exit 2 without a plan', async () => {
    let err = ''
    expect(await main(['run'], {out: () => {}, err: (t) => void (err += t), cwd: '/', env: {}})).toBe(2)
    expect(err).toBe(`benchdoc run: Expected one plan file, got 0\n\n${HELP}\n`)
  })

  it('should name the plan line of the subject whose password variable is not set, in a dry run too (test/fuzz/regressions/plan/password-env-unset.yaml)', async () => {
    const dir = tempFolder('benchdoc-plan-')
    writeFileSync(join(dir, 'plan.yaml'), 'report: r\nsubjects:\n  - {id: a, target: {host: db, password_env: NO_SUCH_VARIABLE}}\nworkloads:\n  - {name: oltp_insert, threads: [1]}\n')
    let err = ''
    expect(await main(['run', 'plan.yaml', '--dry-run'], {out: () => {}, err: (t) => void (err += t), cwd: dir, env: {}})).toBe(2)
    expect(err).toBe('benchdoc run: plan.yaml:3:5: the environment variable NO_SUCH_VARIABLE (named by target.password_env) is not set\n')
  })
})
