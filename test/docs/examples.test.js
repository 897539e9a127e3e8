import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, it} from 'vitest'
import {ROOT} from '../helpers/paths.js'
import {tempFolder} from '../helpers/temp.js'
import {allExamples, documentationFiles, examplesOf, exampleProject, fences, runExample} from './examples.js'

/**
 * The doctest: every command example of README.md and docs/ that shows output
 * (a ```console block) is run in a copy of the project, and what it prints
 * must be exactly what the page shows. `node test/docs/update.js` rewrites
 * the outputs from a run, for an author to read in the diff.
 */

const examples = allExamples()
const files = [...new Set(examples.map((e) => e.file))]

describe('the command examples of README.md and docs/', () => {
  it('should be at least twenty, in README.md and in docs/', () => {
    expect(examples.length).toBeGreaterThanOrEqual(20)
    expect(examples.some((e) => e.file === 'README.md')).toBe(true)
    expect(examples.some((e) => e.file.startsWith('docs/'))).toBe(true)
  })

  // Each file's examples run in order in a fresh copy of the project: a page
  // may edit a file in one example and show what a command makes of it next.
  describe.each(files)('%s', (file) => {
    /** @type {{root: string, env: NodeJS.ProcessEnv}} */
    let project
    beforeAll(() => {
      project = exampleProject(tempFolder('benchdoc-doctest-'))
    })
    it.each(examples.filter((e) => e.file === file).map((e) => [e.line, e.command, e]))('line %i: `%s` should print what the page shows', async (_line, _command, e) => {
      expect(await runExample(e.command, project)).toBe(e.expected)
    })
  })
})

describe('the examples that show output', () => {
  const other = documentationFiles().flatMap((file) => fences(readFileSync(join(ROOT, file), 'utf8'), file)).filter((f) => f.info !== 'console')

  it('should all be console blocks: no other block has a `$ ` prompt', () => {
    const prompts = other.filter((f) => f.lines.some((l) => l.startsWith('$ '))).map((f) => `${f.file}:${f.line}`)
    expect(prompts).toEqual([])
  })

  it('should all be console blocks: no other block holds a problem message of benchdoc', () => {
    const messages = other.filter((f) => f.lines.some((l) => /^\S+:\d+:\d+: (error|warning): /.test(l))).map((f) => `${f.file}:${f.line}`)
    expect(messages).toEqual([])
  })
})

describe('examplesOf', () => {
  /** @type {{root: string, env: NodeJS.ProcessEnv}} */
  let project
  beforeAll(() => {
    project = exampleProject(tempFolder('benchdoc-doctest-'))
  })
  const block = (/** @type {string} */ text) => fences(text, 'x.md')[0]

  it('should read each command with the output lines after it, an indented block too', () => {
    const text = '1. Run it:\n\n   ```console\n   $ echo a \\\n     b\n   a b\n   $ true\n   ```\n'
    expect(examplesOf(block(text))).toEqual([
      {command: 'echo a b', expected: 'a b', line: 4},
      {command: 'true', expected: '', line: 7}
    ])
  })

  it('should refuse a console block that does not start with a command', () => {
    expect(() => examplesOf(block('```console\nout\n$ true\n```\n'))).toThrow(/^x\.md:2: a console block starts with a `\$ ` command, found `out`$/)
  })

  it('should tell a command whose output differs from the page, also when it fails', async () => {
    expect(await runExample('echo "a"; echo b >&2', project)).toBe('a\nb')
    expect(await runExample('echo a', project)).not.toBe('b')
    expect(await runExample('echo failed; exit 3', project)).toBe('failed')
  })

  it('should run `benchdoc` as the installed command, in the copy of the project', async () => {
    expect(await runExample('benchdoc --help | head -n 1', project)).toBe('Usage: benchdoc <command> [options]')
    expect(await runExample('test -f data/reports/tidb-v8.1.0.yaml && pwd', project)).toBe(project.root)
    expect(await runExample('git status --porcelain && git log --format=%s', project)).toBe('the project')
  })
})

describe('the links of README.md and docs/', () => {
  /** A heading's anchor, as GitHub makes it. @param {string} heading */
  const slug = (heading) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-')

  it('should each lead to a file of the project and, with a #, to one of its headings', () => {
    const broken = []
    for (const file of documentationFiles()) {
      // code blocks, also those indented in a list item, hold no links
      const text = readFileSync(join(ROOT, file), 'utf8').replace(/^( *)(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\2\s*$/gm, '')
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue
        const [path, anchor] = target.split('#')
        const linked = path === '' ? file : join(file, '..', path)
        let content
        try {
          content = readFileSync(join(ROOT, linked), 'utf8')
        } catch {
          broken.push(`${file}: ${target} (no such file)`)
          continue
        }
        if (anchor && !content.split('\n').some((l) => /^#{1,6} /.test(l) && slug(l.replace(/^#+ /, '')) === anchor)) broken.push(`${file}: ${target} (no such heading)`)
      }
    }
    expect(broken).toEqual([])
  })
})
