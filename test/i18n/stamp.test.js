import {readdirSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {EN, LABELS, ZH, project} from './project.js'
import {sectionDigest} from '../../tools/i18n/digest.js'
import {parseNarrative} from '../../tools/narrative/index.js'
import {exactly} from '../helpers/exact.js'

const Z = 'content/narrative/r/zh.md'
const E = 'content/narrative/r/en.md'
const digests = (/** @type {string} */ text) =>
  Object.fromEntries(Object.entries(parseNarrative(text).sections).map(([id, s]) => [id, sectionDigest(s.markdown)]))

/** The stamp block as `stamp` writes it: source digests, then the translation's own. */
const block = (/** @type {string} */ source, /** @type {string} */ translation) => {
  const d = digests(source)
  const t = digests(translation)
  const ids = Object.keys(t).filter((id) => d[id])
  return `translated_from:\n  lang: en\n  sections:\n${ids.map((id) => `    ${id}: "${d[id]}"\n`).join('')}  translation:\n${ids.map((id) => `    ${id}: "${t[id]}"\n`).join('')}`
}

const fresh = () => project({'i18n/en.yaml': LABELS.en, 'i18n/zh.yaml': LABELS.zh, [E]: EN, [Z]: ZH})

describe('benchdoc i18n stamp', () => {
  test('should add `translated_from` with the source digests at the end of the front matter, and change nothing else', async () => {
    const p = fresh()
    const result = await p.run(['stamp', 'r', 'zh'])
    expect(result.code).toBe(0)
    expect(result.err).toBe('content/narrative/r/zh.md: stamped from en.md (2 sections)\n')
    expect(p.read(Z)).toBe(ZH.replace('lang: zh\n', `lang: zh\n${block(EN, ZH)}`))
    expect(readdirSync(join(p.dir, 'content/narrative/r')).sort()).toEqual(['en.md', 'zh.md'])
  })

  test('should make `check` clean, and say a second stamp changes nothing', async () => {
    const p = fresh()
    await p.run(['stamp', 'r', 'zh'])
    expect((await p.run(['check'])).lines).toEqual(['2 label files and 1 report checked: 0 errors, 0 warnings'])
    const before = p.read(Z)
    expect((await p.run(['stamp', 'r', 'zh'])).err).toBe('content/narrative/r/zh.md: already stamped from en.md (2 sections)\n')
    expect(p.read(Z)).toBe(before)
  })

  test('should report an edited source section as stale in the translation, naming it and its source line', async () => {
    const p = fresh()
    await p.run(['stamp', 'r', 'zh'])
    const old = digests(EN).conclusions
    const edited = EN.replace('From 1,000 threads up it leads.', 'From 1,000 threads up it leads clearly.')
    p.write(E, edited)
    const result = await p.run(['check'])
    expect(result.lines).toEqual([
      `${Z}:18:1: warning: Stale section \`conclusions\`: en.md:10 changed since it was translated (digest \`${old}\`, now \`${digests(edited).conclusions}\`) [stale-section]`,
      `${Z}: stale section \`conclusions\`: the text of ${E} with digest \`${old}\` is not in git history (see \`git log -p ${E}\`)`,
      '2 label files and 1 report checked: 0 errors, 1 warning'
    ])
    expect(result.code).toBe(0)
    expect((await p.run(['status'])).out).toBe('report  en      zh\nr       source  stale (1 section)\n')
  })

  test('should keep the digest through whitespace-only edits of the source', async () => {
    const p = fresh()
    await p.run(['stamp', 'r', 'zh'])
    p.write(E, EN.replace('it leads.\n', 'it leads.   \n\n\n').replace(/\n/g, '\r\n'))
    expect((await p.run(['check'])).lines).toEqual(['2 label files and 1 report checked: 0 errors, 0 warnings'])
  })

  test('should replace an existing stamp in place, keeping the keys after it', async () => {
    const p = fresh()
    p.write(Z, ZH.replace('lang: zh\n', 'lang: zh\ntranslated_from: {lang: en, sections: {purpose: "000000000000"}}\ntitle: 标题\n'))
    await p.run(['stamp', 'r', 'zh'])
    expect(p.read(Z)).toBe(ZH.replace('lang: zh\n', `lang: zh\n${block(EN, ZH)}title: 标题\n`))
  })

  test('should record only the sections the translation has, so a missing one stays reported', async () => {
    const p = fresh()
    p.write(Z, ZH.slice(0, ZH.indexOf('## 测试结论')))
    await expect(p.run(['stamp', 'r', 'zh'])).rejects.toThrow(exactly(
      `Refusing to stamp ${Z}: 1 problem to fix first (or stamp anyway with --force):\n  ${Z}:9:1: Missing section \`conclusions\` of en.md:10, expected its translation at the end [missing-section]`
    ))
    expect((await p.run(['stamp', 'r', 'zh', '--force'])).err).toBe('content/narrative/r/zh.md: stamped from en.md (1 section)\n')
    expect((await p.run(['check'])).lines[0]).toBe(
      `${Z}:15:1: error: Missing section \`conclusions\` of en.md:10, expected its translation at the end [missing-section]`
    )
    expect((await p.run(['status'])).out).toBe('report  en      zh\nr       source  stale (1 section)\n')
  })

  test('should stamp with `--all` only the translations without a stamp', async () => {
    const p = project({
      'i18n/en.yaml': LABELS.en, 'i18n/zh.yaml': LABELS.zh,
      [E]: EN, [Z]: ZH,
      'content/narrative/s/en.md': EN.replace('report: r', 'report: s'),
      'content/narrative/s/zh.md': ZH.replace('report: r', 'report: s')
    })
    await p.run(['stamp', 's', 'zh'])
    const result = await p.run(['stamp', '--all'])
    expect(result.err).toBe('content/narrative/r/zh.md: stamped from en.md (2 sections)\n')
    expect((await p.run(['stamp', '--all'])).err).toBe('Every translation has a stamp already\n')
  })

  test('should take as source the language the translations name', async () => {
    const p = project({
      'i18n/en.yaml': LABELS.en, 'i18n/zh.yaml': LABELS.zh,
      [Z]: ZH.replace('lang: zh', 'lang: zh'),
      [E]: EN.replace('lang: en\n', `lang: en\ntranslated_from:\n  lang: zh\n  sections: {purpose: "${digests(ZH).purpose}", conclusions: "${digests(ZH).conclusions}"}\n`)
    })
    expect((await p.run(['status'])).out).toBe('report  en  zh\nr       ok  source\n')
    await expect(p.run(['stamp', 'r', 'zh'])).rejects.toThrow(exactly('content/narrative/r/zh.md is the source of report `r`, expected a translation of it'))
  })

  test('should refuse an unknown report, language or missing translation as usage errors', async () => {
    const p = fresh()
    await expect(p.run(['stamp', 'x', 'zh'])).rejects.toThrow(exactly('No narrative for report `x`, expected a folder content/narrative/x/'))
    await expect(p.run(['stamp', 'r', 'de'])).rejects.toThrow(exactly('Unknown language `de`, expected one of: en, zh'))
    await expect(p.run(['stamp', 'r', 'en'])).rejects.toThrow(exactly('content/narrative/r/en.md is the source of report `r`, expected a translation of it'))
    await expect(p.run(['stamp', 'r'])).rejects.toThrow(exactly('Unexpected arguments, expected `stamp <report-id> <lang>` or `stamp --all`'))
  })
})
