import {readFileSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {parseFront, parseNarrative} from '../../tools/narrative/index.js'
import {hostileCases} from '../fixtures/hostile/cases.js'
import {unified} from 'unified'
import remarkParse from 'remark-parse'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import {benchNarratives, benchReport} from '../helpers/generate.js'
import {ROOT} from '../helpers/paths.js'

/** Every file under `dir` whose name matches, as [path, text]. @param {string} dir @param {RegExp} name */
function texts(dir, name) {
  return readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((d) => d.isFile() && name.test(d.name))
    .map((d) => join(d.parentPath, d.name))
    .map((path) => /** @type {[string, string]} */ ([path, readFileSync(path, 'utf8')]))
}

/** The narratives this project reads: fixtures, bundled narratives, and the hostile corpus's Markdown files (not its huge ones, which test limits). */
const markdownFiles = [
  ...texts(join(ROOT, 'test', 'fixtures'), /\.md$/),
  ...texts(join(ROOT, 'content', 'narrative'), /\.md$/),
  ...hostileCases().flatMap((c) => Object.entries(c.files).filter(([path, content]) => path.endsWith('.md') && typeof content === 'string').map(([path, content]) => /** @type {[string, string]} */ ([`${c.id}: ${path}`, String(content)])))
].filter(([, text]) => text.length < 100000)

describe('the front matter of a narrative, read without its Markdown', () => {
  test('should be what the full parse gives, for every narrative of the corpus', () => {
    const differing = markdownFiles.filter(([, text]) => {
      const {front, errors} = parseNarrative(text)
      return JSON.stringify(parseFront(text)) !== JSON.stringify({front, errors})
    })
    expect(differing.map(([path]) => path)).toEqual([])
  })

  test('should place a front-matter error on its line, and leave an unusual fence to the full parse', () => {
    expect(parseFront('---\nreport: r\nlang: [en\n---\n\nText.\n').errors.map((e) => `${e.line}:${e.col}`)).toEqual(['3:10'])
    expect(parseFront('---  \nreport: r\n---\n')).toEqual({front: {report: 'r'}, errors: []})
    expect(parseFront('No front matter.\n')).toEqual({front: {}, errors: []})
  })
})

describe('a narrative parsed without GFM\'s search for bare links, or without GFM, where it can have none', () => {
  const full = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm)
  const generated = [0, 1, 2, 3].flatMap((i) => Object.values(benchNarratives(benchReport(i), i)))
  const crafted = [
    'Mail a@b.co or see www.example.com and HTTPS://x.org/a.\n',
    'A reference a&#x40;b.co and ww&#119;.example.org.\n',
    '## Tables {#t}\n\n| a | b |\n|---|---|\n| ~~1~~ | [x] |\n\n- [ ] task\n\nNote[^1].\n\n[^1]: foot\n',
    // GFM without a bare link, each construct alone: tables of one column have no `|`
    'One column\n:--\n\nand\n\n> quoted\n> --:\n', '- item\n\n  cell\n  :-:\n', 'A ~~struck~~ word.\n', '- [x] done\n', 'Said[^n].\n\n[^n]: here\n'
  ]

  test('should give the tree the full GFM parser gives, for every narrative of the corpus, generated ones and crafted ones', () => {
    const texts = [...markdownFiles.map(([, text]) => text), ...generated, ...crafted]
    const differing = texts.filter((text) => {
      const {tree, errors} = parseNarrative(text)
      return errors.length === 0 && JSON.stringify(tree) !== JSON.stringify(full.parse(text))
    })
    expect(differing).toEqual([])
    // the generated narratives have no link and no other GFM, so this test compares the parse without GFM too
    expect(generated.filter((text) => /[@&\\]|http|www|[|~[]|:-|-:/i.test(text))).toEqual([])
  })

  test('should find the GFM of a narrative that has no bare link: tables with or without `|`, strikethrough, task lists and footnotes', () => {
    const types = (/** @type {string} */ text) => [...new Set(JSON.stringify(parseNarrative(text).tree).match(/"type":"(table|delete|footnoteDefinition|footnoteReference)"|"checked":true/g))]
    expect(crafted.slice(3).map(types)).toEqual([
      ['"type":"table"'], ['"type":"table"'], ['"type":"delete"'], ['"checked":true'], ['"type":"footnoteReference"', '"type":"footnoteDefinition"']
    ])
  })

  test('should still find a bare URL and e-mail address, and one behind an escape or a character reference', () => {
    const links = (/** @type {string} */ text) => JSON.stringify(parseNarrative(text).tree).match(/"url":"[^"]*"/g)
    expect(links(crafted[0])).toEqual(['"url":"mailto:a@b.co"', '"url":"http://www.example.com"', '"url":"HTTPS://x.org/a"'])
    expect(links(crafted[1])).toEqual(['"url":"mailto:a@b.co"', '"url":"http://www.example.org"'])
  })
})
