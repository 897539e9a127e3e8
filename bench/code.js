#!/usr/bin/env node
/**
 * Code benchmark: the lines of the tool's source, comments included (tools/,
 * without the generated bundle; tests and bench/ are not the tool), as
 * `find tools -name '*.js' -not -path 'tools/bundle/*' | xargs cat | wc -l`
 * counts them. Prints the count beside its budget, and the largest folders.
 */
import {readFileSync, readdirSync} from 'node:fs'
import {join, relative, sep} from 'node:path'
import {PACKAGE_ROOT} from '../tools/lib/root.js'
import {BUNDLE_FOLDER} from '../tools/pack/fresh.js'
import {print, saveSection} from './budgets-doc.js'

/** The budget of issue 39. */
export const MOST_LINES = 25_000

/**
 * Lines of each JavaScript file under `tools` but the bundle's, by path.
 * @param {string} tools
 * @returns {Map<string, number>}
 */
export function sourceLines(tools) {
  /** @type {Map<string, number>} */
  const lines = new Map()
  for (const d of readdirSync(tools, {withFileTypes: true, recursive: true})) {
    const path = relative(tools, join(d.parentPath, d.name))
    if (!d.isFile() || !d.name.endsWith('.js') || path.split(sep)[0] === BUNDLE_FOLDER) continue
    const text = readFileSync(join(d.parentPath, d.name), 'utf8')
    lines.set(path, text.split('\n').length - 1)
  }
  return lines
}

const lines = sourceLines(join(PACKAGE_ROOT, 'tools'))
const total = [...lines.values()].reduce((a, b) => a + b, 0)
/** @type {Map<string, number>} */
const folders = new Map()
for (const [path, n] of lines) {
  const folder = path.includes(sep) ? `${path.split(sep)[0]}/` : path
  folders.set(folder, (folders.get(folder) ?? 0) + n)
}
print(`tools/ source: ${total.toLocaleString('en')} lines in ${lines.size} files (comments included; tests, bench/ and the bundle not counted)   budget ≤ ${MOST_LINES.toLocaleString('en')}: ${total <= MOST_LINES ? 'met' : 'MISSED'}`)
print(`  largest: ${[...folders].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([f, n]) => `${f} ${n.toLocaleString('en')}`).join(', ')}`)
saveSection('code')
