import {readFileSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {parse, parseDocument} from 'yaml'
import {parseYamlFast} from '../../tools/lib/yaml-fast.js'
import {cutPoints} from '../../tools/lib/yaml-points.js'
import {readLines} from '../../tools/lib/yaml-lines.js'
import {readBlocks} from '../../tools/lib/yaml-blocks.js'
import {isShortDecimal} from '../../tools/lib/yaml-fast.js'
import {parseYamlSource} from '../../tools/lib/yaml-source.js'
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

/** The YAML and Markdown this project reads: fixtures, bundled data, and the hostile corpus's files. */
const corpus = [
  ...texts(join(ROOT, 'test', 'fixtures'), /\.(ya?ml|md)$/),
  ...texts(join(ROOT, 'data'), /\.ya?ml$/),
  ...texts(join(ROOT, 'content', 'narrative'), /\.md$/),
  ...hostileCases().flatMap((c) => Object.entries(c.files).filter(([, content]) => typeof content === 'string').map(([path, content]) => /** @type {[string, string]} */ ([`${c.id}: ${path}`, String(content)])))
]
// the hostile corpus's huge files test limits, not parsing, and would take seconds here
const yamlFiles = corpus.filter(([path, text]) => /\.ya?ml$/.test(path) && text.length < 100000)
/** Scalars typed as the core schema types these tests' values. @param {string} s */
const typedScalar = (s) => (/^-?[0-9]+(\.[0-9]+)?$/.test(s) ? Number(s) : s === 'null' || s === '~' ? null : s === 'true' || s === 'True' ? true : s)
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

describe('a YAML file of key: value lines, read without a parser', () => {
  const typed = (/** @type {string} */ s) => (/^-?[0-9]+(\.[0-9]+)?$/.test(s) ? Number(s) : s === 'null' ? null : s === 'true' ? true : s)

  test('should give the data yaml gives for a front matter with its stamp', () => {
    const text = 'report: bench-0000\nlang: zh\ntranslated_from:\n  lang: en\n  sections:\n    purpose: "04db8ad35e82"\n    workload-oltp_insert: "4679c1074c3d"\n  translation:\n    purpose: "9a8b7c6d5e4f"\ntitle: v1.2.0  vs -3 and 2.50 / x+y\nn: 12\n'
    expect(readLines(text, typed, 32)).toEqual(parse(text))
    expect(parseYamlFast(text)?.data).toEqual(parse(text))
    expect(Object.keys(/** @type {object} */ (readLines(text, typed, 32)))).toEqual(['report', 'lang', 'translated_from', 'title', 'n'])
  })

  test('should leave to the parser every file with a line of another form', () => {
    for (const text of [
      'a: 1\n# c\n', 'a: 1\n\nb: 2\n', 'a: 1 # c\n', 'a:\n  - x\n', 'a: [x]\n', "a: 'x'\n", 'a: "x\\ty"\n', 'a:\nb: 1\n', 'a:\n',
      'a:\n    b: 1\n  c: 2\n', ' a: 1\n', 'a: 1\na: 2\n', 'a:\n  b: 1\n  b: 2\n', 'null: 1\n', 'True: 1\n', '__proto__: 1\n', 'a: x \n', 'a: x: y\n',
      'a: -\n', 'a: @x\n', 'a:x\n', '---\na: 1\n', 'a: 1\n...\n', 'a: "x" \n', '', '\n', 'a:\n  b:\n    c: 1\n'.replace('    c: 1\n', '')
    ]) {
      expect([text, readLines(text, typed, 32)]).toEqual([text, undefined])
    }
    expect(readLines('a:\n  b:\n    c: 1\n', typed, 2)).toBeUndefined()
    // a number written otherwise than JavaScript writes it goes to the parser, whose written form the messages quote
    expect(parseYamlFast('a: 1.50\nb: x\n')).toBeNull()
  })

  test('should give the data yaml gives, or leave the file to the parser, for every mix of such lines and others', () => {
    const pool = ['a: 1', 'b: x y', 'a: 2', 'c:', '  d: "q"', '  e: -0.5', '    f: true', '  g: null', 'h: v1.0.0', '  # c', '', 'i: 1.50', 'j: 0x1f', 'k: Null', 'l: "a: b"', ' m: 3', 'n: 2026-01-02', 'o: .5', 'p: 1e3']
    let seed = 7
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) % pool.length
    let read = 0
    for (let round = 0; round < 3000; round++) {
      const text = Array.from({length: 1 + (round % 6)}, next).map((i) => pool[i]).join('\n') + '\n'
      const fast = parseYamlFast(text)
      const doc = parseDocument(text, {uniqueKeys: true})
      if (fast === null) continue
      read++
      expect([text, doc.errors.length]).toEqual([text, 0])
      expect([text, fast.data]).toEqual([text, doc.toJS()])
    }
    // most mixes with a line of another form are left to the parser; enough are read for this test to mean something
    expect(read).toBeGreaterThan(300)
  })
})

describe('a report head of mappings, lists, literal blocks and aliases, read without a parser', () => {
  const head = 'id: bench-0001\ndate: 2020-01-02\nsubjects:\n  - id: v2.0.0\n    version: v2.0.0\n  - id: v2.1.0\nenvironment:\n  machines:\n    - cpu: Intel(R) Xeon(R) Gold 6240 CPU @ 2.60GHz, 72 cores\n      disk: 2 × 3.84T NVMe SSD\n  notes:\n    - 3 TiDB, 3 PD and 3 TiKV servers; sysbench on the fourth\nparameters:\n  - component: TiKV\n    content: |\n      [storage.block-cache]\n      capacity = "96GB"\n        indented = 1\nplan:\n  tables: 32\n  analyze: true\n  workloads:\n    - name: oltp_point_select\n      threads: &a1\n        - 16\n        - 32\n    - name: oltp_read_only\n      threads: *a1\n'

  test('should give the data yaml gives for a head as benchdoc writes it, with one list for an anchor and its alias', () => {
    const data = /** @type {any} any: the data read, compared whole */ (readBlocks(head, typedScalar, 32))
    expect(data).toEqual(parse(head))
    expect(data.parameters[0].content).toBe('[storage.block-cache]\ncapacity = "96GB"\n  indented = 1\n')
    expect(data.plan.workloads[1].threads).toBe(data.plan.workloads[0].threads)
    expect(parseYamlFast(`${head}results:\n  - {subject: v2.0.0, threads: 16, qps: 1.5}\n`)?.data).toEqual(parse(`${head}results:\n  - {subject: v2.0.0, threads: 16, qps: 1.5}\n`))
  })

  test('should leave to the parser a head with a line of another form', () => {
    for (const text of [
      'a: 1\n# c\n', 'a: 1\n\nb: 2\n', 'a:\n- x\n', 'a:\n  - - x\n', 'a:\n  -   x\n', 'a: x #y\n', 'a: x:y\n', 'a:  x\n', 'a: |-\n  x\n', 'a: |\n  x\n\n  y\n',
      'a: |\n    x\n  y\n', 'a: |\n  x', 'a: |\nb: 1\n', 'a: *b\n', 'a: &b\n  - 1\nc: &b\n  - 2\n', 'a: &b x\n', 'a: [x]\n', "a: 'x'\n", 'a: "x\\ty"\n', 'a: .x\n',
      'a: @x\n', 'a:\n  - x\n    y\n', 'a: 1\n  b: 2\n', 'a:\n', 'null: 1\n', 'a: 1\na: 2\n', ' a: 1\n', '- a\n', ''
    ]) {
      expect([text, readBlocks(text, typedScalar, 32)]).toEqual([text, undefined])
    }
    expect(readBlocks('a:\n  b:\n    - 1\n', typedScalar, 1)).toBeUndefined()
  })

  test('should give the data yaml gives, or leave the file to the parser, for every mix of such lines and others', () => {
    const pool = ['a: 1', 'b: x y', 'c:', '  d: "q"', '  - e: -0.5', '    f: true', '  - g', '    - h', '  - *t', 'i: &t', '  - 8', '  - 16', 'j: *t', 'k: |', '  [x] = "1"', '    y;', '  z', '',
      '  l: Intel(R) Xeon, 72 cores', 'm: 2 × 3.84T', 'n: a: b', 'o: x #y', '   p: 1', 'q: |-', 'r: 1.50', 's: -', 't: null', 'u: 2026-01-02', '- v', '  - x: 1', '    y: 2', 'z: &u', '  k2: v', 'z2: *u',
      'k3:  two', 'aa: (x)', 'bb: .x', 'dd: x,y', 'ee: [x]', "gg: 'q'", 'hh: ~', 'ii: True', 'jj: 0x1f', 'kk: +1']
    let seed = 11
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) % pool.length
    let read = 0
    for (let round = 0; round < 20000; round++) {
      const text = Array.from({length: 1 + (round % 9)}, next).map((i) => pool[i]).join('\n') + (round % 7 === 0 ? '' : '\n')
      if (readBlocks(text, typedScalar, 32) === undefined) continue
      read++
      const doc = parseDocument(text, {uniqueKeys: true})
      expect([text, doc.errors.length]).toEqual([text, 0])
      const fast = parseYamlFast(text)
      if (fast) expect([text, fast.data]).toEqual([text, doc.toJS()])
    }
    expect(read).toBeGreaterThan(500)
  })
})

describe('the forms that send a file to yaml', () => {
  test('should be found only where they are: a directive, an explicit key, a merge key, a byte-order mark, a carriage return, a tab, a tag; not a ? or % inside a value', () => {
    for (const text of ['%YAML 1.2\n---\na: 1\n', 'a: 1\n? b\n: c\n', 'a: [x, ? y]\n', 'a: &x {b: 1}\nc:\n  <<: *x\n', '\uFEFFa: 1\n', 'a: 1\r\n', 'a:\t1\n', 'a: !x 1\n']) {
      expect([text, parseYamlFast(text)]).toEqual([text, null])
    }
    expect(['a: x?y\n', 'a: 50%\n', 'a: "what?"\n', 'a: x\n  %y\n'].map((text) => parseYamlFast(text)?.data)).toEqual([{a: 'x?y'}, {a: '50%'}, {a: 'what?'}, {a: 'x %y'}])
  })
})

describe('a number written as JavaScript writes it', () => {
  test('should be told by its characters alone, without writing the number back as text', () => {
    const yes = ['0', '-12', '121686.61', '0.5', '-0.5', '0.000001', '0.00000123', '123456789012345', '0.123456789012345']
    const no = ['-0', '01', '1.50', '1.', '.5', '+1', '1e3', '0.0000001', '1234567890123456', '0.1234567890123456', '1_000', '', '-']
    expect(yes.filter((s) => !isShortDecimal(s))).toEqual([])
    expect(no.filter((s) => isShortDecimal(s))).toEqual([])
    // every text it takes is one JavaScript writes so
    let seed = 5
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648)
    for (let i = 0; i < 50000; i++) {
      const s = String(next() / 10 ** (next() % 12)).slice(0, 1 + (next() % 18))
      if (isShortDecimal(s)) expect(String(Number(s))).toBe(s)
    }
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
