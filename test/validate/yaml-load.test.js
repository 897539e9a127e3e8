import {readFileSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {LineCounter, isMap, isScalar, isSeq, parse, parseDocument} from 'yaml'
import {loadYaml} from '../../tools/lib/yaml-load.js'
import {parseYamlSource} from '../../tools/lib/yaml-source.js'
import {hostileCases} from '../fixtures/hostile/cases.js'
import {ROOT} from '../helpers/paths.js'

/** Every YAML file under `dir`, as [path, text]. @param {string} dir */
function yamlTexts(dir) {
  return readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((d) => d.isFile() && /\.ya?ml$/.test(d.name))
    .map((d) => /** @type {[string, string]} */ ([join(d.parentPath, d.name), readFileSync(join(d.parentPath, d.name), 'utf8')]))
}

/** The YAML this project reads: fixtures, bundled data and labels, and the hostile corpus's YAML files (not its huge ones, which test limits). */
const corpus = [
  ...['test/fixtures', 'data', 'i18n', 'plans'].flatMap((dir) => yamlTexts(join(ROOT, dir))),
  ...hostileCases().flatMap((c) => Object.entries(c.files).filter(([path, content]) => /\.ya?ml$/.test(path) && typeof content === 'string').map(([path, content]) => /** @type {[string, string]} */ ([`${c.id}: ${path}`, String(content)])))
].filter(([, text]) => text.length < 100000)

/** Every path into data, the root's and one that is not there included. @param {unknown} data @returns {Array<Array<string | number>>} */
function pathsOf(data, path = /** @type {Array<string | number>} */ ([])) {
  const inside = data && typeof data === 'object' ? Object.entries(data).flatMap(([k, v]) => pathsOf(v, [...path, Array.isArray(data) ? Number(k) : k])) : []
  return [path, ...inside, ...(path.length === 0 ? [['nope', 'x']] : [])]
}

/** Where yaml itself places the node on a path (the deepest that exists), or its key. @param {string} text */
function placesOfYaml(text) {
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, {lineCounter, uniqueKeys: false})
  return (/** @type {Array<string | number>} */ path, /** @type {boolean} */ key) => {
    /** @type {any} */
    let node = doc.contents
    for (const [i, seg] of path.entries()) {
      const next = isMap(node) ? node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(seg)) : isSeq(node) ? {value: node.items[Number(seg)]} : null
      if (!next?.value && !next?.key) break
      node = key && i === path.length - 1 && 'key' in next ? next.key : next.value ?? next.key
    }
    return node?.range ? lineCounter.linePos(node.range[0]) : {line: 1, col: 1}
  }
}

/** Data as compared: -0 and numbers that are not finite told apart. @param {unknown} data */
const shown = (data) => JSON.stringify(data, (_, v) => (Object.is(v, -0) ? '-0' : typeof v === 'number' && !Number.isFinite(v) ? String(v) : v))

/**
 * What js-yaml read differently from `yaml`, or null: a file `yaml` finds
 * an error in, other data, or a number not written as JavaScript writes it.
 * @param {string} text
 */
function difference(text) {
  const loaded = loadYaml(text)
  if (!loaded) return null
  const doc = parseDocument(text, {uniqueKeys: true})
  if (doc.errors.length > 0) return `yaml finds ${doc.errors[0].code}`
  /** @type {unknown} */
  let data
  try {
    data = doc.toJS({maxAliasCount: 100})
  } catch (error) {
    return `yaml throws ${/** @type {Error} */ (error).message}`
  }
  if (shown(data) !== shown(loaded.data)) return `yaml reads ${shown(data)}`
  /** @type {string | null} */
  let written = null
  const walk = (/** @type {unknown} */ value, /** @type {Array<string | number>} */ path) => {
    if (typeof value === 'number') {
      const node = doc.getIn(path, true)
      if (isScalar(node) && node.source !== String(value)) written ??= `${path.join('/')} is written ${node.source}`
    } else if (value !== null && typeof value === 'object' && !loaded.shared.has(value)) {
      for (const [key, v] of Object.entries(value)) walk(v, [...path, Array.isArray(value) ? Number(key) : key])
    }
  }
  walk(loaded.data, [])
  return written
}

describe('YAML read by js-yaml where it reads as yaml does', () => {
  test('should give the data yaml gives, or leave the file to yaml, for every YAML file of the corpus', () => {
    expect(corpus.length).toBeGreaterThan(50)
    const differing = corpus.filter(([, text]) => {
      const doc = parseYamlSource('f.yaml', text)
      return doc.syntaxErrors.length === 0 && shown(doc.data) !== shown(parse(text))
    })
    expect(differing.map(([path]) => path)).toEqual([])
    expect(corpus.map(([path, text]) => [path, difference(text)]).filter(([, d]) => d !== null)).toEqual([])
    // most files are read by js-yaml, or this test checks little
    expect(corpus.filter(([, text]) => loadYaml(text)).length).toBeGreaterThan(corpus.length / 2)
  })

  test('should read YAML 1.2 as yaml does where YAML 1.1 reads otherwise: dates, yes and no, on and off, a merge key', () => {
    const text = 'date: 2024-01-02\nyes: no\non: off\n<<: {a: 1}\nlist: &t [8, 16]\nagain: *t\n'
    expect(loadYaml(text)?.data).toEqual({date: '2024-01-02', yes: 'no', on: 'off', '<<': {a: 1}, list: [8, 16], again: [8, 16]})
    expect(loadYaml(text)?.data).toEqual(parse(text))
    expect(['a: x?y\n', 'a: 50%\n', 'a: "what?"\n', 'a: x\n  %y\n', 'a: b\r\nc: d\r\n'].map((t) => loadYaml(t)?.data)).toEqual([{a: 'x?y'}, {a: '50%'}, {a: 'what?'}, {a: 'x %y'}, {a: 'b', c: 'd'}])
  })

  test('should leave to yaml a number whose written form matters, a tag, a directive, an anchored scalar, nested or many aliases, a null key, a duplicate key, a long line, a tab, a lone carriage return and a byte-order mark inside', () => {
    const laughs = 'a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n'
    const cases = [
      'a: 1.50\n', 'a: 1e3\n', 'a: 0x1f\n', 'a: 010\n', 'a: 0o17\n', 'a: .inf\n', 'a: -0\n', 'a: +1\n', 'a: 1e400\n', `a: ${'9'.repeat(400)}\n`, 'a: 12345678901234567890\n',
      'a: !!float 1\n', 'a: !!str 1\n', 'a: !x 1\n', '%YAML 1.1\n---\na: yes\n', 'a: &x 5\nb: *x\n', laughs, `a: &x [1]\nb: [${'*x, '.repeat(101)}]\n`,
      '~: 1\n', 'null: 1\n', 'a: 1\na: 2\n', `${'k'.repeat(1100)}: 1\n`, 'a:\tb\n', 'a: 1\rb: 2\n', 'a: x\uFEFFy\n', '', '# only a comment\n', '---\na: 1\n---\nb: 2\n'
    ]
    expect(cases.filter((text) => loadYaml(text) !== null)).toEqual([])
  })

  test('should give the data yaml gives, with every number as written, or leave the text to yaml, for thousands of edits of the corpus', () => {
    const small = corpus.map(([, text]) => text).filter((text) => text.length < 4000)
    const pieces = ['\n', ' ', ':', '- ', '#', '&a ', '*a', '!', '[', ']', '{', '}', ',', '"', "'", '|', '>', '? ', '%', '0', '1.50', '1e3', '.', '\t', '\r', '\r\n', '\uFEFF', '~', '<<', 'null', '---\n', '...\n', '\\', '@', '0x1f', 'yes']
    let seed = 17
    const next = (/** @type {number} */ n) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n
    let read = 0
    /** @type {Array<[string, string]>} */
    const differing = []
    for (let round = 0; round < 3000; round++) {
      let text = small[next(small.length)]
      for (let edit = 0; edit <= next(3); edit++) {
        const at = next(text.length + 1)
        text = next(3) === 0 ? text.slice(0, at) + text.slice(at + 1 + next(3)) : text.slice(0, at) + pieces[next(pieces.length)] + text.slice(at)
      }
      const why = difference(text)
      if (why !== null) differing.push([text, why])
      if (loadYaml(text)) read++
    }
    expect(differing).toEqual([])
    expect(read).toBeGreaterThan(600)
  })

  test('should place a problem and keep a number as written, as yaml does, in a file js-yaml reads', () => {
    const text = 'id: r\nresults:\n  - {qps: 1000, latency_p95: 2.5}\n'
    const doc = parseYamlSource('r.yaml', text)
    expect(doc.placeOf(['results', 0, 'latency_p95'])).toEqual({line: 3, col: 30})
    expect(doc.sourceOf(['results', 0, 'qps'])).toBe('1000')
    expect(doc.sourceOf(['results', 0, 'latency_avg'])).toBeUndefined()
    expect(parseYamlSource('r.yaml', text.replace('2.5', '2.50')).sourceOf(['results', 0, 'latency_p95'])).toBe('2.50')
  })

  test('should place each kind of node from js-yaml\'s events where yaml places it: quoted at its quote, a block at its indicator, an alias at its star, a key, the deepest node that exists', () => {
    const text = 'a: "x"\nb: &k {c: 1}\nd: *k\ne: |\n  hi\nf:\n- 1\n- \'q\'\ng:\nh: >-\n  folded\n'
    const doc = parseYamlSource('p.yaml', text)
    const places = [[['a']], [['b']], [['b', 'c']], [['d']], [['e']], [['f']], [['f', 1]], [['f', 1], true], [['h']], [['h'], true], [['f', 5]], [['nope', 'x']], [['g']]]
      .map(([path, key]) => doc.placeOf(/** @type {string[]} */ (path), Boolean(key)))
    expect(places.map((p) => `${p.line}:${p.col}`)).toEqual(['1:4', '2:7', '2:11', '3:4', '4:4', '7:1', '8:3', '8:3', '10:4', '10:1', '7:1', '1:1', '9:3'])
  })

  test('should place every node of every corpus file js-yaml reads where yaml places it', () => {
    let compared = 0
    for (const [name, text] of corpus.filter(([, t]) => loadYaml(t) !== null)) {
      const doc = parseYamlSource(name, text)
      const yamlPlace = placesOfYaml(text)
      const differing = pathsOf(doc.data).flatMap((path) => [false, true].filter((key) => !key || path.length > 0).map((key) => {
        compared++
        return JSON.stringify(doc.placeOf(path, key)) === JSON.stringify(yamlPlace(path, key)) ? null : `${name} ${path.join('.')}${key ? ' (key)' : ''}`
      })).filter(Boolean)
      expect(differing).toEqual([])
    }
    expect(compared).toBeGreaterThan(10000)
  })
})

describe('a mapping or a list as a key', () => {
  test('should be a problem at its place, not a key the reader stringifies with a warning of Node (test/fuzz/regressions/plan/mapping-as-key.yaml)', () => {
    const warnings = /** @type {string[]} */ ([])
    const warn = (/** @type {Error} */ w) => void warnings.push(w.message)
    process.on('warning', warn)
    try {
      expect(parseYamlSource('a.yaml', 'report: r\n? [a, b]\n: 1\n').syntaxErrors).toEqual([
        {message: 'Unexpected mapping or list as a key, expected a plain key', place: {line: 2, col: 3}}
      ])
    } finally {
      process.off('warning', warn)
    }
    expect(warnings).toEqual([])
  })
})
