import {describe, expect, it} from 'vitest'
import {codeSpan, escapeText, normaliseCode, readCodeSpan, readDataText, unescapeText} from '../../tools/export/text.js'
import {exportNarrative, importNarrative} from '../../tools/export/narrative.js'

describe('data text in the export', () => {
  const cases = /** @type {Array<[string, string]>} */ ([
    ['448GB*2 RAID1 + 3.57T*6 SSD RAID10', '448GB\\*2 RAID1 + 3.57T\\*6 SSD RAID10'],
    ['x\n# Injected heading\n<img src=x onerror=alert(2)>', 'x<br># Injected heading<br>\\<img src=x onerror=alert(2)>'],
    ['lab | rack 2', 'lab \\| rack 2'],
    ['oltp_point_select and _em_', 'oltp_point_select and \\_em\\_'],
    ['see https://example.com/x', 'see https\\://example.com/x'],
    ['1. first', '1\\. first'],
    ['- dash', '\\- dash'],
    ['10.11', '10.11'],
    ['a\tb\u0007c\r\nd', 'a&#9;b&#7;c&#13;<br>d'],
    ['already \\* escaped, &amp; <br>', 'already \\\\\\* escaped, \\&amp; \\<br>']
  ])
  for (const [text, markdown] of cases) {
    it(`should write ${JSON.stringify(text)} as ${JSON.stringify(markdown)} and read it back`, () => {
      expect(escapeText(text)).toBe(markdown)
      expect(unescapeText(markdown)).toBe(text)
    })
  }

  it('should read a text marked as another language without its mark', () => {
    expect(readDataText('<span lang="zh">北京\\*</span>')).toBe('北京*')
  })

  it('should write code that backticks cannot close early, and read it back', () => {
    for (const code of ['{"a":1}', 'a`b', '`x`']) expect(readCodeSpan(codeSpan(code))).toBe(code)
    expect(codeSpan('a`b')).toBe('``a`b``')
  })

  it('should write code with ASCII punctuation and spaces for tabs', () => {
    expect(normaliseCode('log.level: “error”\n\tx = （1，2）；')).toBe('log.level: "error"\n    x = (1,2);')
  })
})

describe('a narrative in the export', () => {
  it('should leave a lint-clean narrative as it is and give it back', () => {
    const text = '- a\n    - b\n\nPara one line.\n\n```toml\nx = 1\n\n\n\ny = 2\n```\n\n### Sub\n\nText.'
    expect(exportNarrative(text)).toBe(text)
    expect(importNarrative(exportNarrative(text, {shift: 1}), {shift: 1})).toBe(text)
  })

  it('should indent nested bullets by four, join a paragraph\'s lines and set lists apart', () => {
    expect(exportNarrative('- a\n  - b\n    - c\n- d')).toBe('- a\n    - b\n        - c\n- d')
    expect(exportNarrative('Line one\nline two\n中文一行\n第二行')).toBe('Line one line two 中文一行第二行')
    expect(exportNarrative('Text:\n- a\n- b')).toBe('Text:\n\n- a\n- b')
    expect(exportNarrative('a\n\n\n\nb')).toBe('a\n\nb')
  })

  it('should write list markers, emphasis and bare URLs as the docs lint wants them', () => {
    expect(exportNarrative('*   one\n*   two\n\n1.  first\n2.  second\n\n_a_ and __b__')).toBe('- one\n- two\n\n1. first\n2. second\n\n*a* and **b**')
    expect(exportNarrative('See https://tidb.net/blog/c2edb2e5')).toBe('See <https://tidb.net/blog/c2edb2e5>')
  })

  it('should give an image the alternative text of its title, else its file name', () => {
    expect(exportNarrative('![](/media/qps.png "QPS by threads")\n\n![](/media/tidb%20qps.png)')).toBe('![QPS by threads](/media/qps.png "QPS by threads")\n\n![tidb qps.png](/media/tidb%20qps.png)')
  })

  it('should put headings one level under the section\'s, skip no level and number a repeated one', () => {
    expect(exportNarrative('# Setup\n\n#### Steps\n\n# Run\n\n### Steps')).toBe('### Setup\n\n#### Steps\n\n### Run\n\n#### Steps (2)')
    expect(exportNarrative('## Setup\n\n### Steps', {shift: 1})).toBe('#### Setup\n\n##### Steps')
  })

  it('should drop raw HTML and javascript: links as the pages do, and keep shortcodes as text', () => {
    expect(exportNarrative('Hi <img src=x onerror=alert(1)> there.\n\n<script>alert(2)</script>\n\n[click](javascript:alert(3)) {{< x >}}'))
      .toBe('Hi  there.\n\nclick {{\\< x >}}')
    expect(importNarrative('{{\\< x >}}')).toBe('{{< x >}}')
  })

  it('should move a workload note\'s headings one level down, and back on import', () => {
    expect(exportNarrative('### Why\n\nText.', {shift: 1})).toBe('#### Why\n\nText.')
    expect(importNarrative('#### Why\n\nText.', {shift: 1})).toBe('### Why\n\nText.')
  })
})
