import {mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, describe, expect, test} from 'vitest'
import {stampOf} from '../../tools/site/stamps.js'

const dir = mkdtempSync(join(tmpdir(), 'benchdoc-stamps-'))
afterAll(() => rmSync(dir, {recursive: true, force: true}))

// files written now are "racy" for 2 s: the stamps are taken as if a minute later
const later = () => Date.now() + 60_000

describe('a report\'s stamp', () => {
  const data = join(dir, 'r.yaml')
  const folder = join(dir, 'narrative', 'r')
  writeFileSync(data, 'id: r\n')
  mkdirSync(folder, {recursive: true})
  writeFileSync(join(folder, 'en.md'), 'Hello.\n')

  test('should be the same taken from the last stamp\'s entries as from a listing of the folder', () => {
    const first = stampOf(data, folder, later())
    expect(first).toMatch(/^:6:[\d.]+:[\d.]+:\d+\/\.:[\d.]+:[\d.]+:\d+\/en\.md:7:[\d.]+:[\d.]+:\d+$/)
    expect(stampOf(data, folder, later(), first)).toBe(first)
  })

  test('should change when a narrative is added, though the last stamp listed the folder\'s entries', () => {
    const before = stampOf(data, folder, later())
    writeFileSync(join(folder, 'zh.md'), '你好。\n')
    const after = stampOf(data, folder, later(), before)
    expect(after).not.toBe(before)
    expect(after).toContain('/zh.md:')
  })

  test('should change when a narrative is edited in place to the same size', () => {
    // an hour old, so that the edit's time differs whatever the file system's clock tick
    const hourAgo = new Date(Date.now() - 3_600_000)
    utimesSync(join(folder, 'en.md'), hourAgo, hourAgo)
    const before = stampOf(data, folder, later())
    writeFileSync(join(folder, 'en.md'), 'Hallo.\n')
    expect(stampOf(data, folder, later(), before)).not.toBe(before)
  })

  test('should be none while a file or the folder changed in the last 2 s', () => {
    writeFileSync(join(folder, 'ja.md'), 'こんにちは。\n')
    expect(stampOf(data, folder, Date.now())).toBeNull()
  })

  test('should be the data file\'s alone for a report with no narrative folder', () => {
    expect(stampOf(data, join(dir, 'narrative', 'none'), later())).toMatch(/^:6:[\d.]+:[\d.]+:\d+$/)
  })
})
