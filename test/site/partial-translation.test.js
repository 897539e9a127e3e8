import {readFileSync, writeFileSync, mkdirSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {initTranslation} from '../../tools/i18n/init.js'
import {initRepository} from '../../tools/init/repository.js'
import {buildSite} from '../../tools/site/build.js'
import {hugoBinary} from '../../tools/site/hugo.js'
import {sectionById} from '../helpers/html.js'
import {ROOT, fixture} from '../helpers/paths.js'
import {tempFolder} from '../helpers/temp.js'

const EN = `---
report: minimal
lang: en
---

## Purpose {#purpose}

Which MariaDB serves point selects faster.

## Workload note {#workload-oltp_point_select}

One point per subject.

## Conclusions {#conclusions}

- The newer MariaDB is faster.

## Advice {#advice}

Measure with repeats.
`

/** Whitespace between tags removed, the rest as Hugo wrote it. @param {string | null} html */
const squashed = (html) => (html ?? '').replace(/>\s+</g, '><').trim()

/**
 * A translation started with `benchdoc i18n init` in a repository made by
 * `benchdoc init`, and partly done: a section it has no text for yet (still
 * i18n init's comment, or empty) shows the source's text in the source's
 * language, saying so, and the contents link every section the page has.
 */
describe('a translation started and partly done', () => {
  test('should show the source text, marked as English, in each zh section without text yet, and list exactly the sections shown', async () => {
    const root = tempFolder('benchdoc-partial-')
    initRepository(root, {languages: ['en', 'zh', 'ja']})
    writeFileSync(join(root, 'data/reports/minimal.yaml'), readFileSync(fixture('validate/minimal.yaml'), 'utf8'))
    mkdirSync(join(root, 'content/narrative/minimal'))
    writeFileSync(join(root, 'content/narrative/minimal/en.md'), EN)
    initTranslation(root, ['en', 'zh', 'ja'], 'minimal', 'zh')
    // purpose translated, advice emptied; the workload note and conclusions as i18n init wrote them
    const zh = join(root, 'content/narrative/minimal/zh.md')
    const started = readFileSync(zh, 'utf8')
    writeFileSync(zh, started.replace(/(\{#purpose\}\n\n)<!--[^]*?-->/, '$1哪个 MariaDB 的点查更快。').replace(/(\{#advice\}\n\n)<!--[^]*?-->/, '$1'))
    const result = await buildSite({root, env: {...process.env, HUGO: hugoBinary(ROOT, process.env)}})
    expect(result.built).toBe(true)
    const page = readFileSync(join(root, 'public/zh/reports/minimal/index.html'), 'utf8')
    const note = '<p class="narrative-untranslated">尚未翻译，显示的是原文（英语）</p>'
    expect(squashed(sectionById(page, 'purpose'))).toBe('<section id="purpose"><h2>测试目的</h2><div class="prose"><p>哪个 MariaDB 的点查更快。</p></div>')
    expect(squashed(/<h3>[^]*?<\/h3>([^]*?)<div class="table-wrap"/.exec(sectionById(page, 'workload-oltp_point_select') ?? '')?.[1] ?? null))
      .toBe(`${note}<div class="prose" lang="en"><p>One point per subject.</p></div>`)
    expect(squashed(sectionById(page, 'conclusions'))).toBe(`<section id="conclusions" class="narrative"><h2>结论</h2>${note}<div class="prose" lang="en"><ul><li>The newer MariaDB is faster.</li></ul></div>`)
    expect(squashed(sectionById(page, 'advice'))).toBe(`<section id="advice" class="narrative"><h2>建议</h2>${note}<div class="prose" lang="en"><p>Measure with repeats.</p></div>`)
    const linked = [...(/<nav class="toc"[^]*?<\/nav>/.exec(page)?.[0] ?? '').matchAll(/href="#([^"]+)"/g)].map((m) => m[1])
    const shown = [...page.matchAll(/<section id="([^"]+)"/g)].map((m) => m[1]).filter((id) => id !== 'overview')
    expect(linked).toEqual(['purpose', 'version', 'plan', 'results', 'workload-oltp_point_select', 'latency', 'conclusions', 'advice'])
    expect(shown).toEqual(linked)
  }, 60_000)
})
