import {readFileSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {parseFront, parseNarrative} from '../../tools/narrative/index.js'
import {hostileCases} from '../fixtures/hostile/cases.js'
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
