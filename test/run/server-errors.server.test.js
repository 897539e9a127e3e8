import {existsSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {embeddedServers, runCli, tempDir, waitFor, writePlan} from './helpers.js'

const PLAN = `report: typo
subject: a
tables: 1
table_size: 100
time: 1
workloads:
  - {name: oltp_point_select, threads: [1]}
`

// the server ends at once, and the shell that watches it removes its folder as soon as it has
// ended: five starts side by side would show a message read after the folder (and its log) was gone
const STARTS = 5

/**
 * `benchdoc run plan.yaml` STARTS times side by side, each in a folder of its own with this plan.
 * @param {string} plan
 */
const startAll = (plan) => Promise.all(Array.from({length: STARTS}, async () => {
  const dir = tempDir()
  writePlan(dir, plan)
  return {dir, result: await runCli(['run', 'plan.yaml'], {cwd: dir})}
}))

describe('a throwaway server that refuses a server option', () => {
  afterAll(async () => {
    // the watchdog shell (its command line names the server) may still be removing the data folder
    await waitFor(() => embeddedServers().length === 0 && embeddedServers(undefined, 'postgres').length === 0, 5_000)
  })

  it('should say MariaDB’s own error, every time', async () => {
    for (const {dir, result} of await startAll(`${PLAN}server_options: {innodb_flush_log_at_trx_comit: 1}\n`)) {
      expect(result.code).toBe(1)
      expect(result.stderr.replace(/:\d+\n/, ':PORT\n')).toBe(`starting a throwaway MariaDB on 127.0.0.1:PORT
benchdoc run: plan.yaml:2:10: error: subject a with server_options {"innodb_flush_log_at_trx_comit":1}: the throwaway MariaDB did not start:
[ERROR] ${/(\/\S+mariadbd):/.exec(result.stderr)?.[1]}: unknown variable 'innodb_flush_log_at_trx_comit=1'
[ERROR] Aborting
`)
      expect(existsSync(join(dir, 'data', 'reports', 'typo.yaml'))).toBe(false)
    }
  })

  it('should say PostgreSQL’s own error, which it writes to its stderr and not to its log, every time', async () => {
    for (const {result} of await startAll(`${PLAN}engine: postgresql\nserver_options: {shared_bufers: 1MB}\n`)) {
      expect(result.code).toBe(1)
      expect(result.stderr.replace(/:\d+\n/, ':PORT\n')).toBe(`starting a throwaway PostgreSQL on 127.0.0.1:PORT
benchdoc run: plan.yaml:2:10: error: subject a with server_options {"shared_bufers":"1MB"}: the throwaway PostgreSQL did not start:
FATAL:  unrecognized configuration parameter "shared_bufers"
`)
    }
  })
})
