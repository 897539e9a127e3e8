import {readFileSync, writeFileSync} from 'node:fs'
import {join, relative} from 'node:path'
import {describe, expect, test, vi} from 'vitest'
import {prepareSite} from '../../tools/site/prepare.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {ROOT} from '../helpers/paths.js'

/** Every file the main thread writes, in order: by path under .benchdoc/, and when. @type {string[]} */
const written = []
/** @type {number[]} */
const times = []

vi.mock('../../tools/lib/atomic-write.js', async (original) => {
  const real = /** @type {typeof import('../../tools/lib/atomic-write.js')} */ (await original())
  return {
    ...real,
    /** @param {string} path @param {string | Uint8Array} content */
    writeIfChanged: (path, content) => {
      written.push(path)
      times.push(Date.now())
      return real.writeIfChanged(path, content)
    }
  }
})

const IDS = ['tidb-v3.0.0-vs-v2.1.13', 'tidb-v8.1.0']

/**
 * A site of two reports prepared once, then one throughput of the second changed and the site prepared again with
 * `options`, recording what the second preparation writes. @param {{pagesAfter?: number}} options @returns {Promise<string>} the root
 */
async function preparedAfterAnEdit(options) {
  const files = Object.fromEntries(IDS.map((id) => [`data/reports/${id}.yaml`, readFileSync(join(ROOT, 'data', 'reports', `${id}.yaml`), 'utf8')]))
  const {root} = fixtureSite(files)
  await prepareSite({root})
  const file = join(root, 'data', 'reports', `${IDS[1]}.yaml`)
  writeFileSync(file, readFileSync(file, 'utf8').replace(/(tps: )(\d+)/, (_, key, n) => `${key}${Number(n) + 1}`))
  written.length = times.length = 0
  await prepareSite({root, ...options})
  return root
}

describe('the order a build writes in', () => {
  test('should write a changed report\'s page model before the lists and the versions pages that show it', async () => {
    // Hugo's server rebuilds in batches: the open report's page is not held behind the pages that list it
    const root = await preparedAfterAnEdit({})
    const order = written.map((p) => relative(join(root, '.benchdoc'), p))
    const model = order.indexOf(`assets/reports/${IDS[1]}.json`)
    expect(model).toBeGreaterThanOrEqual(0)
    for (const later of ['data/index.json', 'assets/site/lists/index.en.html', 'data/versions.json', 'assets/site/versions.json']) {
      expect([later, order.indexOf(later) > model]).toEqual([later, true])
    }
  })

  test('should write the lists at least `pagesAfter` ms after a changed report\'s files, as serve asks: Hugo\'s server renders the report alone first', async () => {
    const root = await preparedAfterAnEdit({pagesAfter: 700})
    const at = (/** @type {string} */ path) => times[written.indexOf(join(root, '.benchdoc', path))]
    expect(at('assets/site/lists/index.en.html') - at(`assets/reports/${IDS[1]}.json`)).toBeGreaterThanOrEqual(700)
  })
})
