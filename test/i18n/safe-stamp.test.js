import {execFileSync} from 'node:child_process'
import {describe, expect, test} from 'vitest'
import {CONFIG, EN, LABELS, ZH, project} from './project.js'
import {exactly} from '../helpers/exact.js'

const Z = 'content/narrative/r/zh.md'
const E = 'content/narrative/r/en.md'
const fresh = () => project({'i18n/en.yaml': LABELS.en, 'i18n/zh.yaml': LABELS.zh, [E]: EN, [Z]: ZH})

/** @param {string} dir @param {string} message */
const commit = (dir, message) => {
  const git = (/** @type {string[]} */ args) => execFileSync('git', args, {cwd: dir, stdio: 'ignore'})
  git(['init', '-q'])
  git(['add', '-A'])
  git(['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', message])
}

describe('benchdoc i18n stamp: safe', () => {
  test('should refuse to stamp a translation with errors, listing them, and stamp it with --force', async () => {
    const p = fresh()
    p.write(Z, ZH.replace('4.5 %', '4.6 %'))
    await expect(p.run(['stamp', 'r', 'zh'])).rejects.toThrow(exactly(
      `Refusing to stamp ${Z}: 1 problem to fix first (or stamp anyway with --force):\n` +
      `  ${Z}:10:1: Unexpected numbers in section \`conclusions\`: missing \`4.5%\`, extra \`4.6%\`, expected the numbers of en.md:10 [numbers-differ]`
    ))
    expect(p.read(Z)).not.toContain('translated_from')
    expect((await p.run(['stamp', 'r', 'zh', '--force'])).code).toBe(0)
    expect((await p.run(['status'])).out).toBe('report  en      zh\nr       source  error (1 error)\n')
  })

  test('should refuse to stamp a copy of the source, or a section still holding the source text of `init`', async () => {
    const p = fresh()
    p.write(Z, EN.replace('lang: en', 'lang: zh'))
    await expect(p.run(['stamp', 'r', 'zh'])).rejects.toThrow(exactly(
      `Refusing to stamp ${Z}: 2 problems to fix first (or stamp anyway with --force):\n` +
      `  ${Z}:6:1: Unexpected section \`purpose\` identical to en.md:6, expected its translation [untranslated-section]\n` +
      `  ${Z}:10:1: Unexpected section \`conclusions\` identical to en.md:10, expected its translation [untranslated-section]`
    ))
    const q = project({'i18n/en.yaml': LABELS.en, 'i18n/zh.yaml': LABELS.zh, [E]: EN})
    const made = await q.run(['init', 'r', 'zh'])
    expect(made.err).toBe(`${Z}: 2 sections of en.md to translate; replace each comment, then \`benchdoc i18n stamp r zh\`\n`)
    expect(q.read(Z)).toBe(
      '---\nreport: r\nlang: zh\n---\n\n## Purpose {#purpose}\n\n<!-- benchdoc-translate from en.md: replace this comment with the translation of\n\n' +
      'TiDB v6.0.0 ran on six servers with `raftstore.store-pool-size` set to 4; see [the docs](https://docs.pingcap.com/tidb).\n-->\n\n' +
      '## Conclusions {#conclusions}\n\n<!-- benchdoc-translate from en.md: replace this comment with the translation of\n\n' +
      '- Point select improves by 5.055%, update index by 4.5%.\n- From 1,000 threads up it leads.\n-->\n'
    )
    const check = await q.run(['check', '--lang', 'zh'])
    expect(check.lines.filter((l) => l.includes('[untranslated-section]'))).toEqual([
      `${Z}:6:1: warning: Section \`purpose\` not translated yet (the page shows en.md's text), expected its translation in place of the \`<!-- benchdoc-translate\` comment [untranslated-section]`,
      `${Z}:13:1: warning: Section \`conclusions\` not translated yet (the page shows en.md's text), expected its translation in place of the \`<!-- benchdoc-translate\` comment [untranslated-section]`
    ])
    await expect(q.run(['stamp', 'r', 'zh'])).rejects.toThrow(exactly(
      `Refusing to stamp ${Z}: 2 problems to fix first (or stamp anyway with --force):\n` +
      `  ${Z}:6:1: Section \`purpose\` not translated yet (the page shows en.md's text), expected its translation in place of the \`<!-- benchdoc-translate\` comment [untranslated-section]\n` +
      `  ${Z}:13:1: Section \`conclusions\` not translated yet (the page shows en.md's text), expected its translation in place of the \`<!-- benchdoc-translate\` comment [untranslated-section]`
    ))
    await expect(q.run(['init', 'r', 'zh'])).rejects.toThrow(exactly(`${Z} exists already, expected a language without a translation (edit it instead)`))
  })

  test('should refuse to stamp a stale section nobody edited since the last stamp, and stamp once it is edited', async () => {
    const p = fresh()
    await p.run(['stamp', 'r', 'zh'])
    p.write(E, EN.replace('From 1,000 threads up it leads.', 'From 1,000 threads up it leads clearly.'))
    await expect(p.run(['stamp', 'r', 'zh'])).rejects.toThrow(exactly(
      `Refusing to stamp ${Z}: stale section \`conclusions\` (en.md:10) not edited since the last stamp; update the translation (\`benchdoc i18n check r\` shows what changed), or stamp anyway with --force`
    ))
    p.write(Z, p.read(Z).replace('从 1000 线程起领先。', '从 1000 线程起明显领先。'))
    expect((await p.run(['stamp', 'r', 'zh'])).err).toBe(`${Z}: stamped from en.md (2 sections)\n`)
    expect((await p.run(['status'])).out).toBe('report  en      zh\nr       source  ok\n')
  })

  test('should show each stale section\'s source text then and now, from git', async () => {
    const p = fresh()
    await p.run(['stamp', 'r', 'zh'])
    commit(p.dir, 'first')
    p.write(E, EN.replace('From 1,000 threads up it leads.', 'From 1,000 threads up it leads clearly.'))
    const result = await p.run(['check'])
    expect(result.err.split('\n').slice(1)).toEqual([
      `${Z}: stale section \`conclusions\`, ${E} then (-) and now (+):`,
      '      - Point select improves by 5.055%, update index by 4.5%.',
      '    - - From 1,000 threads up it leads.',
      '    + - From 1,000 threads up it leads clearly.',
      '2 label files and 1 report checked: 0 errors, 1 warning',
      ''
    ])
  })
})

describe('benchdoc i18n stamp --all: safe', () => {
  test('should stamp the translations it can, report the refused ones and exit 1', async () => {
    const p = project({
      'i18n/en.yaml': LABELS.en, 'i18n/zh.yaml': LABELS.zh,
      [E]: EN, [Z]: ZH,
      'content/narrative/s/en.md': EN.replace('report: r', 'report: s'),
      'content/narrative/s/zh.md': EN.replace('report: r', 'report: s').replace('lang: en', 'lang: zh')
    })
    const result = await p.run(['stamp', '--all'])
    expect(result.lines).toEqual([
      `${Z}: stamped from en.md (2 sections)`,
      'Refusing to stamp content/narrative/s/zh.md: 2 problems to fix first (or stamp anyway with --force):',
      '  content/narrative/s/zh.md:6:1: Unexpected section `purpose` identical to en.md:6, expected its translation [untranslated-section]',
      '  content/narrative/s/zh.md:10:1: Unexpected section `conclusions` identical to en.md:10, expected its translation [untranslated-section]'
    ])
    expect(result.code).toBe(1)
  })
})

describe('benchdoc i18n --lang', () => {
  test('should narrow check, status and stamp --all to one language', async () => {
    const p = project({
      'config.toml': CONFIG,
      'i18n/en.yaml': LABELS.en, 'i18n/zh.yaml': LABELS.zh, 'i18n/ja.yaml': LABELS.en,
      [E]: EN, [Z]: ZH
    })
    const all = await p.run(['check'])
    expect(all.lines.at(-1)).toBe('3 label files and 1 report checked: 0 errors, 4 warnings')
    const zh = await p.run(['check', '--lang', 'zh'])
    expect(zh.lines).toEqual([
      `${Z}:1:1: warning: Missing \`translated_from\` in front matter, expected the digests of the en.md sections this translates (\`benchdoc i18n stamp r zh\`) [unstamped]`,
      '1 label file and 1 report checked: 0 errors, 1 warning'
    ])
    expect((await p.run(['status', '--lang', 'ja'])).out).toBe('report  ja\nr       missing\n')
    expect((await p.run(['stamp', '--all', '--lang', 'ja'])).err).toBe('Every translation has a stamp already\n')
    await expect(p.run(['status', '--lang', 'de'])).rejects.toThrow(exactly('Unknown language `de`, expected one of: en, zh, ja'))
    await expect(p.run(['stamp', 'r', 'zh', '--lang', 'zh'])).rejects.toThrow(exactly('Unexpected `--lang` with `stamp <report-id> <lang>`, expected it only with `stamp --all`'))
  })
})
