import {readFileSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {parse} from 'yaml'
import {parseYamlFast} from '../../tools/lib/yaml-fast.js'
import {cutPoints} from '../../tools/lib/yaml-points.js'
import {parseYamlSource} from '../../tools/lib/yaml-source.js'
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

/** The YAML and Markdown this project reads: fixtures, bundled data, and the hostile corpus's files. */
const corpus = [
  ...texts(join(ROOT, 'test', 'fixtures'), /\.(ya?ml|md)$/),
  ...texts(join(ROOT, 'data'), /\.ya?ml$/),
  ...texts(join(ROOT, 'content', 'narrative'), /\.md$/),
  ...hostileCases().flatMap((c) => Object.entries(c.files).filter(([, content]) => typeof content === 'string').map(([path, content]) => /** @type {[string, string]} */ ([`${c.id}: ${path}`, String(content)])))
]
// the hostile corpus's huge files test limits, not parsing, and would take seconds here
const yamlFiles = corpus.filter(([path, text]) => /\.ya?ml$/.test(path) && text.length < 100000)
const markdownFiles = corpus.filter(([path, text]) => path.endsWith('.md') && text.length < 100000)

describe('the fast YAML parser', () => {
  test('should give the data yaml gives, or leave the file to yaml, for every YAML file of the corpus', () => {
    const differing = yamlFiles.filter(([path, text]) => {
      const doc = parseYamlSource(path, text)
      return doc.syntaxErrors.length === 0 && JSON.stringify(doc.data) !== JSON.stringify(parse(text))
    })
    expect(differing.map(([path]) => path)).toEqual([])
    // most files are read fast, or this test checks little
    expect(yamlFiles.filter(([, text]) => parseYamlFast(text)).length).toBeGreaterThan(yamlFiles.length / 3)
  })

  test('should take a few aliases of flat lists, and leave to yaml a number whose written form matters, nested or many aliases, a tag, a duplicate key and a long key', () => {
    expect(parseYamlFast('a: 1\nb: 2.5\nc: [x, null, ~, true, False]\n')?.data).toEqual({a: 1, b: 2.5, c: ['x', null, null, true, false]})
    expect(parseYamlFast('a: &t [8, 16]\nb: *t\n')?.data).toEqual({a: [8, 16], b: [8, 16]})
    const laughs = 'a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n'
    for (const text of ['a: 1.50\n', 'a: 1e3\n', 'a: 0x1f\n', 'a: .inf\n', 'a: -0\n', laughs, `a: &x [1]\nb: [${'*x, '.repeat(51)}]\n`, 'a: !!str 1\n', 'a: 1\na: 2\n', `${'k'.repeat(1100)}: 1\n`, '~: 1\n']) {
      expect(parseYamlFast(text)).toBeNull()
    }
  })

  test('should read a results block of one point a line without the parser, and give the data yaml gives', () => {
    const text = 'id: r\nresults:\n  - {subject: v6.0.0 DMR, workload: oltp_insert, threads: 8, qps: -12.5, ok: true, e: null}\n  - { subject: a , workload: b  c, threads: 16}\nnotes: x\n'
    expect(cutPoints(text, String)?.points).toHaveLength(2)
    expect(parseYamlFast(text)?.data).toEqual(parse(text))
    expect(Object.keys(/** @type {object} */ (parseYamlFast(text)?.data))).toEqual(['id', 'results', 'notes'])
  })

  test('should leave to yaml a results block that only looks like point lines: inside a quote or brackets, with a comment, a number written otherwise, or a second results key', () => {
    for (const text of [
      'a: "x\nresults:\n  - {p: 1}\n"\nresults: []\n',
      'a: [1,\nresults:\n  - {p: 1}\n]\n',
      'results:\n  - {p: 1}\n# c\n  - {p: 2}\n',
      'results:\n  - {p: 1.50}\n',
      'results:\n  - {p: 1}\nresults: []\n',
      'results: []\nresults:\n  - {p: 1}\n',
      'results:\n  - {p: 1}\n...\nb: 1\n'
    ]) {
      expect(parseYamlFast(text)).toBeNull()
    }
    // forms the point reader does not take are read by js-yaml, whole
    for (const text of ['results:\n  - {p: 1,}\n', 'results:\n  - {p: 1, q: x:y}\n', 'results:\n  - {p: 1}\n\n  - {p: 2}\n', 'results:\n  - {p: 1, p: 2}\n']) {
      expect(cutPoints(text, String)).toBeNull()
    }
  })

  test('should place a problem and keep a number as written, as yaml does, in a file read fast', () => {
    const text = 'id: r\nresults:\n  - {qps: 1000, latency_p95: 2.5}\n'
    const doc = parseYamlSource('r.yaml', text)
    expect(doc.placeOf(['results', 0, 'latency_p95'])).toEqual({line: 3, col: 30})
    expect(doc.sourceOf(['results', 0, 'qps'])).toBe('1000')
    expect(doc.sourceOf(['results', 0, 'latency_avg'])).toBeUndefined()
    expect(parseYamlSource('r.yaml', text.replace('2.5', '2.50')).sourceOf(['results', 0, 'latency_p95'])).toBe('2.50')
  })
})

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
