import {defineConfig} from 'vitest/config'

// Suites that start servers (MariaDB, PostgreSQL, sshd, Chromium) or build the
// site with Hugo run one file at a time, after the rest: the machine has 2
// cores, and they must not fight each other for ports, CPU or time limits.
// Put such a suite under test/run/ or test/site/, or name it *.serial.test.js.
// Every other suite runs its files in parallel.
const SERIAL = ['test/run/**/*.test.js', 'test/site/**/*.test.js', 'test/**/*.serial.test.js']

export default defineConfig({
  test: {
    // Real Hugo, MariaDB and Chromium run inside tests: allow them time.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    projects: [
      {
        extends: true,
        test: {name: 'parallel', include: ['test/**/*.test.js'], exclude: SERIAL, sequence: {groupOrder: 0}}
      },
      {
        extends: true,
        test: {name: 'serial', include: SERIAL, fileParallelism: false, sequence: {groupOrder: 1}}
      }
    ]
  }
})
