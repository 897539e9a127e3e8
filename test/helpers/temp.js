import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, onTestFinished} from 'vitest'

/**
 * Throwaway folders for tests, each removed when it is no longer needed: one
 * made inside a test when that test finishes, one made while a file is
 * collected or in a `beforeAll` when the file's tests are done. Not a test
 * file: vitest only collects `*.test.js`.
 */

/** Folders made outside a running test, removed after the file's tests. @type {Set<string>} */
const untilFileEnds = new Set()
/** Every folder made in this test file, in order. @type {string[]} */
const made = []

// Registered when a test file first imports this module (vitest evaluates
// modules afresh for each test file), so it runs after that file's tests.
afterAll(() => {
  for (const dir of untilFileEnds) remove(dir)
  untilFileEnds.clear()
})

/**
 * A new empty folder `<tmpdir>/<prefix>XXXXXX` that removes itself.
 * @param {string} prefix  e.g. `benchdoc-site-`
 */
export function tempFolder(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  made.push(dir)
  try {
    onTestFinished(() => remove(dir))
  } catch {
    // not inside a test: at collection or in a beforeAll
    untilFileEnds.add(dir)
  }
  return dir
}

/** The folders made so far in this test file, for the test that none is left. */
export const foldersMade = () => [...made]

/** @param {string} dir */
function remove(dir) {
  // a process a test stopped may still be closing files in it for a moment
  rmSync(dir, {recursive: true, force: true, maxRetries: 5, retryDelay: 100})
}
