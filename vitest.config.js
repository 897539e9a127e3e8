import {defineConfig} from 'vitest/config'

// Lanes by what a suite needs (docs/testing.md), named by its file's ending:
//   *.server.test.js   starts MariaDB, PostgreSQL or sshd and runs sysbench: one file at a time
//                      in each of two lanes
//   *.browser.test.js  drives Chromium: one file at a time
//   *.serial.test.js   must run alone (it times a SIGKILL): one at a time, after the rest
//   *.bundled.test.js  reads the bundled site, built once for the lane (test/global/bundled-site.js,
//                      `inject('bundled')`; the browser lane gets it too), and the generated site of
//                      reports like users' (test/global/generated-site.js, `inject('generated')`): files side by side
//   any other          pure functions, the CLI and Hugo builds of temp sites: files side by side, in workers
//                      that keep the libraries loaded (a fresh process for each of 130 files cost a minute of CPU)
// All but the serial lane run side by side: a server suite mostly waits for its servers, a
// browser suite for Chromium, most others for Hugo or the CLI in a child process.
const SERVER = 'test/**/*.server.test.js'
// Server suites mostly wait for sysbench's fixed run times, so two of them run side by side,
// each lane one file at a time: these longest ones in one lane, every other in the second.
const SERVER_FIRST = ['ssh', 'comparison-run', 'embedded-run', 'noise-warning'].map((name) => `test/run/${name}.server.test.js`)
const BROWSER = 'test/**/*.browser.test.js'
const SERIAL = 'test/**/*.serial.test.js'
const BUNDLED = 'test/**/*.bundled.test.js'
// what the generator of reports like users' draws from, read once for the run and handed to each test file
const POOLS = 'test/global/pools.js'
const USE_POOLS = ['test/global/use-pools.js']

export default defineConfig({
  test: {
    // Real Hugo, MariaDB and Chromium run inside tests: allow them time.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // most suites wait on child processes (Hugo, the CLI, servers): more files than cores keep the cores busy
    maxWorkers: 4,
    // all started at once: with fewer, vitest 3.2 ends a run of shared workers with "Terminating worker thread"
    minWorkers: 4,
    projects: [
      {extends: true, test: {name: 'parallel', include: ['test/**/*.test.js'], exclude: [SERVER, BROWSER, SERIAL, BUNDLED], isolate: false, globalSetup: [POOLS], setupFiles: USE_POOLS, sequence: {groupOrder: 0}}},
      {extends: true, test: {name: 'bundled', include: [BUNDLED], globalSetup: [POOLS, 'test/global/bundled-site.js', 'test/global/generated-site.js'], setupFiles: USE_POOLS, sequence: {groupOrder: 0}}},
      {extends: true, test: {name: 'servers', include: SERVER_FIRST, fileParallelism: false, sequence: {groupOrder: 0}}},
      {extends: true, test: {name: 'servers-2', include: [SERVER], exclude: SERVER_FIRST, fileParallelism: false, sequence: {groupOrder: 0}}},
      {extends: true, test: {name: 'browser', include: [BROWSER], globalSetup: [POOLS, 'test/global/bundled-site.js'], setupFiles: USE_POOLS, fileParallelism: false, sequence: {groupOrder: 0}}},
      {extends: true, test: {name: 'serial', include: [SERIAL], fileParallelism: false, sequence: {groupOrder: 1}}}
    ]
  }
})
