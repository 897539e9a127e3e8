#!/usr/bin/env node
/**
 * Rewrites the output of every ```console example in README.md and docs/ (or
 * the files named) from a run, as the doctest runs it. For authors: read the
 * diff before committing; the doctest (examples.test.js) compares exactly.
 *   node test/docs/update.js [README.md docs/x.md ...]
 */
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {ROOT} from '../helpers/paths.js'
import {documentationFiles, examplesOf, exampleProject, fences, runExample} from './examples.js'

const dir = mkdtempSync(join(tmpdir(), 'benchdoc-doctest-'))
try {
  const files = process.argv.length > 2 ? process.argv.slice(2) : documentationFiles()
  for (const [i, file] of files.entries()) {
    // a fresh copy per file, as the doctest runs them
    const project = exampleProject(join(dir, String(i)))
    const lines = readFileSync(join(ROOT, file), 'utf8').split('\n')
    // run in page order; write from the last block up, so earlier line numbers stay right
    const blocks = fences(lines.join('\n'), file).filter((f) => f.info === 'console')
    /** @type {string[][]} */
    const outputs = []
    for (const fence of blocks) {
      const out = []
      for (const example of examplesOf(fence)) out.push(await runExample(example.command, project))
      outputs.push(out)
    }
    for (const [b, fence] of [...blocks.entries()].reverse()) {
      /** @type {string[]} */
      const body = []
      for (const [e, example] of examplesOf(fence).entries()) {
        const first = example.line - 1
        let end = first
        while (lines[end].trimEnd().endsWith('\\')) end++
        body.push(...lines.slice(first, end + 1))
        const output = outputs[b][e]
        if (output !== '') body.push(...output.split('\n').map((l) => (l === '' ? '' : fence.indent + l)))
      }
      const closing = fence.line + fence.lines.length // index of the closing fence
      lines.splice(fence.line, closing - fence.line, ...body)
    }
    writeFileSync(join(ROOT, file), lines.join('\n'))
    console.log(`${file}: examples rewritten`)
  }
} finally {
  rmSync(dir, {recursive: true, force: true})
}
