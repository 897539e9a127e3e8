import {readFileSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {parseNarrative} from '../../tools/narrative/parse.js'
import {renderNarrativeHtml} from '../../tools/narrative/render.js'
import {keptSection} from '../../tools/narrative/sections.js'
import {ROOT} from '../helpers/paths.js'

const dir = join(ROOT, 'content', 'narrative')
const BUNDLED = readdirSync(dir).flatMap((id) => readdirSync(join(dir, id)).map((f) => join(id, f)))

/** A narrative with what sections hold: lists, a table, code, a footnote, a reference, raw HTML, an intro. */
const MIXED = `---
report: mixed
lang: en
---

Intro before any heading, with a [reference][ref].

## Purpose {#purpose}

- one **bold** item
- two \`code\` items

| a | b |
| --- | ---: |
| 1 | 2 |

\`\`\`sql
select 1;
\`\`\`

A footnote.[^1] <script>alert(1)</script> <b onclick="x()">b</b> [link](javascript:alert(1))

[^1]: The note.

[ref]: https://example.com "Title"

Setext heading
--------------

Under the setext heading, ~~struck~~ and https://example.com autolinked.

## Advice {#advice}

1. first
2. second
`

/**
 * The section's HTML as its own Markdown renders it: with a trailing line
 * break, a text the parse did not keep, so it is parsed again.
 * @param {string} markdown
 */
const fromText = (markdown) => renderNarrativeHtml(`${markdown}\n`)

describe('a narrative section rendered from the syntax its parse kept', () => {
  test.each([...BUNDLED, 'mixed'])('should give the HTML its Markdown gives: %s', (file) => {
    const narrative = parseNarrative(file === 'mixed' ? MIXED : readFileSync(join(dir, file), 'utf8'))
    const tree = JSON.stringify(narrative.tree)
    expect(narrative.order.length).toBeGreaterThan(0)
    for (const id of narrative.order) {
      const {markdown} = narrative.sections[id]
      expect(keptSection(markdown), id).toBeDefined()
      expect(renderNarrativeHtml(markdown), `${file} ${id}`).toBe(fromText(markdown))
    }
    // rendering leaves the file's tree as it was
    expect(JSON.stringify(narrative.tree)).toBe(tree)
  })

  test('should drop raw HTML, event handlers and javascript: links from a kept section as from text', () => {
    const narrative = parseNarrative(MIXED)
    expect(narrative.order).toEqual(['intro', 'purpose', 'setext-heading', 'advice'])
    const html = renderNarrativeHtml(narrative.sections.purpose.markdown)
    expect(html).toContain('<p>A footnote.<sup>')
    expect(html).not.toMatch(/<script|<b\b|onclick|javascript:/)
    expect(html).toBe(fromText(narrative.sections.purpose.markdown))
  })

  test('should keep an indented code block that opens a section as code, as the file reads it', () => {
    const narrative = parseNarrative('---\nreport: r\nlang: en\n---\n\n## Commands {#commands}\n\n    sysbench run\n')
    // the section's Markdown is trimmed, so read alone it would be a paragraph
    expect(narrative.sections.commands.markdown).toBe('sysbench run')
    expect(renderNarrativeHtml(narrative.sections.commands.markdown)).toBe('<pre><code>sysbench run\n</code></pre>')
  })
})
