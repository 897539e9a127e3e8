import {defineConfig} from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.js'],
    // Real Hugo, MariaDB and Chromium run inside tests: allow them time.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // The machine has 2 cores; suites that start servers must not all run at once.
    fileParallelism: false
  }
})
