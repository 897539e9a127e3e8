import {defineConfig} from 'vitest/config'

// Lanes by what a suite needs (docs/testing.md), named by its file's ending:
//   *.server.test.js   starts MariaDB, PostgreSQL or sshd and runs sysbench: one file at a time
//                      in each of two lanes
//   *.browser.test.js  drives Chromium: one file at a time
//   *.serial.test.js   must run alone (it times a SIGKILL): one at a time, after the rest
//   *.bundled.test.js  reads the bundled site, built once for the lane (test/global/bundled-site.js,
//                      `inject('bundled')`; the browser lane gets it too), and the generated site of
//                      reports like users' (test/global/generated-site.js, `inject('generated')`): files side by side
//   any other          pure functions, the CLI and Hugo builds of temp sites: files side by side
// All but the serial lane run side by side: a server suite mostly waits for its servers, a
// browser suite for Chromium, most others for Hugo or the CLI in a child process.
const SERVER = 'test/**/*.server.test.js'
// Server suites mostly wait for sysbench's fixed run times, so two of them run side by side,
// each lane one file at a time: these longest ones in one lane, every other in the second.
const SERVER_FIRST = ['ssh', 'comparison-run', 'embedded-run', 'noise-warning'].map((name) => `test/run/${name}.server.test.js`)
const BROWSER = 'test/**/*.browser.test.js'
const SERIAL = 'test/**/*.serial.test.js'
const BUNDLED = 'test/**/*.bundled.test.js'

export default defineConfig({
  test: {
    // Real Hugo, MariaDB and Chromium run inside tests: allow them time.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // most suites wait on child processes (Hugo, the CLI, servers): more files than cores keep the cores busy
    maxWorkers: 4,
    projects: [
      {extends: true, test: {name: 'parallel', include: ['test/**/*.test.js'], exclude: [SERVER, BROWSER, SERIAL, BUNDLED], sequence: {groupOrder: 0}}},
      {extends: true, test: {name: 'bundled', include: [BUNDLED], globalSetup: ['test/global/bundled-site.js', 'test/global/generated-site.js'], sequence: {groupOrder: 0}}},
      {extends: true, test: {name: 'servers', include: SERVER_FIRST, fileParallelism: false, sequence: {groupOrder: 0}}},
      {extends: true, test: {name: 'servers-2', include: [SERVER], exclude: SERVER_FIRST, fileParallelism: false, sequence: {groupOrder: 0}}},
      {extends: true, test: {name: 'browser', include: [BROWSER], globalSetup: ['test/global/bundled-site.js'], fileParallelism: false, sequence: {groupOrder: 0}}},
      {extends: true, test: {name: 'serial', include: [SERIAL], fileParallelism: false, sequence: {groupOrder: 1}}}
    ]
  }
})
