import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, afterEach, describe, expect, test, vi} from 'vitest'
import {commonKey} from '../../tools/site/cache.js'

const root = mkdtempSync(join(tmpdir(), 'benchdoc-common-'))
afterAll(() => rmSync(root, {recursive: true, force: true}))
const out = join(root, '.benchdoc')
const kept = join(out, 'cache', 'common.json')
const config = join(root, 'config.toml')
/** config.toml with `text`; unless `now`, the clock is then put a minute on, so that no file is racy (written in the last 2 s). @param {string} text @param {boolean} [now] */
const writeConfig = (text, now = false) => {
  vi.useRealTimers()
  writeFileSync(config, text)
  if (!now) vi.useFakeTimers({toFake: ['Date'], now: Date.now() + 60_000})
}
afterEach(() => vi.useRealTimers())

describe('the common key kept between builds', () => {
  test('is kept with a stamp of its files, taken while the stamp holds, and made again from their content once a file changed', () => {
    writeConfig('defaultContentLanguage = "en"\n')
    const key = commonKey(root, ['en'], out)
    expect(key).toBe(commonKey(root, ['en']))
    expect(JSON.parse(readFileSync(kept, 'utf8')).key).toBe(key)
    // a kept key is taken without reading the files: made up here, so that its use shows
    writeFileSync(kept, JSON.stringify({...JSON.parse(readFileSync(kept, 'utf8')), key: 'kept'}))
    expect(commonKey(root, ['en'], out)).toBe('kept')
    writeConfig('defaultContentLanguage = "zh"\n')
    const changed = commonKey(root, ['en'], out)
    expect(changed).not.toBe('kept')
    expect(changed).toBe(commonKey(root, ['en']))
    expect(changed).not.toBe(key)
  })

  test('a file changed in the last two seconds gives no stamp: the key is made from the content and not kept', () => {
    rmSync(kept, {force: true})
    writeConfig('defaultContentLanguage = "ja"\n', true)
    expect(commonKey(root, ['en'], out)).toBe(commonKey(root, ['en']))
    expect(existsSync(kept)).toBe(false)
  })
})
