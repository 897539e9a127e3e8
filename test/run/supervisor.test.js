import {mkdtempSync, readdirSync, readFileSync, existsSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {supervise} from '../../tools/run/supervisor.js'

/** The processes whose environment names this data folder: the server, its shell and its watchdog. @param {string} datadir */
function processesOf(datadir) {
  return readdirSync('/proc').filter((pid) => {
    if (!/^\d+$/.test(pid)) return false
    try {
      return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`BENCHDOC_DATADIR=${datadir}`)
    } catch {
      return false
    }
  })
}

describe('a supervised throwaway server', () => {
  it('should leave no process and no data folder once stop() has returned', async () => {
    for (let round = 0; round < 5; round++) {
      const datadir = mkdtempSync(join(tmpdir(), 'benchdoc-supervised-'))
      const server = supervise('sleep', ['60'], datadir)
      await new Promise((r) => setTimeout(r, 50))
      expect(processesOf(datadir).length).toBeGreaterThan(0)
      await server.stop()
      expect(processesOf(datadir)).toEqual([])
      expect(existsSync(datadir)).toBe(false)
    }
  })

  it('should leave no process behind when the server ended by itself', async () => {
    const datadir = mkdtempSync(join(tmpdir(), 'benchdoc-supervised-'))
    const server = supervise('false', [], datadir)
    while (!server.exited()) await new Promise((r) => setTimeout(r, 10))
    await server.stop()
    expect(processesOf(datadir)).toEqual([])
    expect(existsSync(datadir)).toBe(false)
  })

  it('should keep what a server that ended by itself said, on its stderr and in its error log, though its folder goes with it', async () => {
    for (let round = 0; round < 5; round++) {
      const datadir = mkdtempSync(join(tmpdir(), 'benchdoc-supervised-'))
      const errorLog = join(datadir, 'error.log')
      const server = supervise('sh', ['-c', `echo 'bad option' >&2; echo '[Note] starting' > ${errorLog}; echo '[ERROR] Aborting' >> ${errorLog}; exit 7`], datadir, {errorLog})
      while (!server.exited()) await new Promise((r) => setTimeout(r, 10))
      expect(await server.said()).toBe('bad option\n[Note] starting\n[ERROR] Aborting\n')
      await server.stop()
      expect(existsSync(datadir)).toBe(false)
    }
  })
})
