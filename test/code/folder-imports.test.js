import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {ROOT} from '../helpers/paths.js'
import {sourceFiles} from '../domain/copies.js'

/**
 * No folder of tools/ imports one that imports it back, however far round:
 * data flows one way (docs/architecture.md). Only imports that run count
 * (`import … from`, `import(…)` in code); a JSDoc type import is not one.
 */

/**
 * Folder → the folders its modules import, from the text of each module.
 * @param {Record<string, string>} files  path under tools/ → source
 */
export function folderImports(files) {
  /** @type {Map<string, Set<string>>} */
  const edges = new Map()
  for (const [path, text] of Object.entries(files)) {
    const [folder, ...rest] = path.split('/')
    if (rest.length === 0) continue // tools/cli.js, the one entry
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
    for (const m of code.matchAll(/(?:^import\s[^'"]*?from\s*|\bimport\()\s*['"]\.\.\/([^/'"]+)\//gm)) {
      if (m[1] === folder) continue
      if (!edges.has(folder)) edges.set(folder, new Set())
      edges.get(folder)?.add(m[1])
    }
  }
  return edges
}

/**
 * Every cycle of folders, each once, as `a → b → a`.
 * @param {Map<string, Set<string>>} edges
 */
export function cyclesOf(edges) {
  /** @type {Set<string>} */
  const found = new Set()
  /** @param {string} at @param {string[]} path */
  const walk = (at, path) => {
    for (const next of edges.get(at) ?? []) {
      const i = path.indexOf(next)
      if (i >= 0) {
        const cycle = path.slice(i)
        const start = cycle.indexOf([...cycle].sort()[0])
        found.add([...cycle.slice(start), ...cycle.slice(0, start), cycle[start]].join(' → '))
      } else walk(next, [...path, next])
    }
  }
  for (const folder of edges.keys()) walk(folder, [folder])
  return [...found].sort()
}

describe('the folders of tools/', () => {
  it('should import one another without a cycle', () => {
    const files = Object.fromEntries(sourceFiles(ROOT, ['tools'], []).filter((f) => f.endsWith('.js')).map((f) => [f.slice('tools/'.length), readFileSync(join(ROOT, f), 'utf8')]))
    expect(cyclesOf(folderImports(files))).toEqual([])
  })

  it('should have derive/, domain/ and lib/ import nothing else of tools/ but domain/', () => {
    const files = Object.fromEntries(sourceFiles(ROOT, ['tools'], []).filter((f) => f.endsWith('.js')).map((f) => [f.slice('tools/'.length), readFileSync(join(ROOT, f), 'utf8')]))
    const edges = folderImports(files)
    expect([...(edges.get('derive') ?? [])]).toEqual(['domain'])
    expect([...(edges.get('domain') ?? [])]).toEqual([])
    expect([...(edges.get('lib') ?? [])]).toEqual([])
  })

  it('should import nothing of bench/ or test/, which are not part of the package', () => {
    const reaching = sourceFiles(ROOT, ['tools'], []).filter((f) => f.endsWith('.js'))
      .filter((f) => /(?:^import\s[^'"]*?from\s*|\bimport\()\s*['"](?:\.\.\/)+(?:bench|test)\//m.test(readFileSync(join(ROOT, f), 'utf8')))
    expect(reaching).toEqual([])
  })
})

describe('cyclesOf', () => {
  it('should find a cycle of two and of three folders, once each, and not a type import', () => {
    const edges = folderImports({
      'a/x.js': "import {b} from '../b/y.js'\n",
      'b/y.js': "import {a} from '../a/x.js'\nconst c = await import('../c/z.js')\n",
      'c/z.js': "/** @typedef {import('../b/y.js').B} B */\nimport {a} from '../a/x.js'\n",
      'd/w.js': "// import {a} from '../a/x.js'\n/** @type {import('../a/x.js').A} */\n"
    })
    expect(cyclesOf(edges)).toEqual(['a → b → a', 'a → b → c → a'])
  })
})
