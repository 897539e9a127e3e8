import {existsSync, readFileSync, readdirSync} from 'node:fs'
import {join, relative} from 'node:path'
import {isDeepStrictEqual} from 'node:util'
import {beforeAll, describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {importMarkdown} from '../../tools/import/import.js'
import {parseNarrative} from '../../tools/narrative/index.js'
import {prepareSite} from '../../tools/site/prepare.js'
import {exportFile} from '../../tools/site/export-files.js'
import {markdownlint, otherProblems} from '../helpers/export-checks.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {SEEDS, HAVE_SEEDS, fixture} from '../helpers/paths.js'

/**
 * Published reports as the importer reads them (every import fixture, and
 * the seeds where they are), each imported, exported in every language and
 * imported again: the same data and narrative come back, tables the
 * narrative keeps included. One report is corrected on the way, as the
 * bundled data is: a configuration block's typographic quotes become ASCII.
 * Beside them, reports in the shape `benchdoc run` and the crafted fixture
 * give: every export of all passes the docs repositories' lint.
 */
const IMPORT = fixture('import')
const files = [
  ...readdirSync(IMPORT).filter((f) => f.endsWith('.md')).map((f) => join(IMPORT, f)),
  ...['family', 'shapes', 'published'].flatMap((d) => readdirSync(join(IMPORT, d)).filter((f) => f.endsWith('.md') && f !== 'README.md').map((f) => join(IMPORT, d, f))),
  ...(HAVE_SEEDS ? readdirSync(SEEDS).filter((f) => f.endsWith('.txt')).map((f) => join(SEEDS, f)) : [])
].sort()

/** @param {string} text */
/** Reports made with `benchdoc run` (a parameter block per subject and source) and crafted. */
const MADE = ['mariadb-demo']

/** @param {string} text */
const sections = (text) => Object.fromEntries(Object.entries(parseNarrative(text).sections).map(([id, s]) => [id, s.markdown]))

describe('published reports imported, exported and imported again', () => {
  /** @type {Map<string, {file: string, lang: string, yaml: string, narrative: string}>} */
  const reports = new Map()
  /** @type {string} */
  let root
  beforeAll(async () => {
    /** @type {Record<string, string>} */
    const project = {}
    for (const file of files) {
      const {result} = importMarkdown(readFileSync(file, 'utf8'), {path: file})
      // a translation of a report already read adds only its narrative: the first reading stands
      if (!result || reports.has(result.id)) continue
      reports.set(result.id, {file, lang: result.lang, yaml: result.yaml, narrative: result.narrative})
      project[`data/reports/${result.id}.yaml`] = result.yaml
      project[`content/narrative/${result.id}/${result.lang}.md`] = result.narrative
    }
    for (const id of MADE) project[`data/reports/${id}.yaml`] = readFileSync(fixture(`site/${id}.yaml`), 'utf8')
    root = fixtureSite(project).root
    const prepared = await prepareSite({root})
    expect(prepared.problems.filter((p) => p.severity === 'error')).toEqual([])
  }, 300_000)

  it('should have read at least 30 reports', () => {
    expect(reports.size).toBeGreaterThanOrEqual(30)
  })

  it('should give back the same data from the export of every language, and the same narrative from its own', () => {
    const differ = []
    for (const [id, original] of reports) {
      for (const lang of ['en', 'zh', 'ja']) {
        const file = exportFile(join(root, '.benchdoc'), id, lang)
        expect(existsSync(file), file).toBe(true)
        const {result, problems} = importMarkdown(readFileSync(file, 'utf8'), {path: file})
        expect(problems.filter((p) => p.severity === 'error'), `${id} ${lang}`).toEqual([])
        if (!isDeepStrictEqual(parse(result?.yaml ?? ''), parse(original.yaml))) differ.push(`${id} (${lang})`)
        if (lang === original.lang) expect(sections(result?.narrative ?? ''), `${id} narrative`).toEqual(sections(original.narrative))
      }
    }
    // the one correction: `log.level: “error”` of seed 004's configuration block is written `"error"`
    expect(differ).toEqual(HAVE_SEEDS ? ['tidb-v4.0-vs-v3.0 (en)', 'tidb-v4.0-vs-v3.0 (zh)', 'tidb-v4.0-vs-v3.0 (ja)'] : [])
  })

  it('should write exports that pass the pinned markdownlint and the other checks, in every language, with zero messages', () => {
    const exports = [...reports.keys(), ...MADE].flatMap((id) => ['en', 'zh', 'ja'].map((lang) => ({lang, file: exportFile(join(root, '.benchdoc'), id, lang)})))
    expect(markdownlint(exports.map((e) => e.file))).toEqual({status: 0, messages: []})
    const problems = exports.flatMap(({file, lang}) => otherProblems(readFileSync(file, 'utf8'), lang).map((p) => `${relative(root, file)}: ${p}`))
    // two of the seeds, as their authors wrote them: seed 001 keeps a note in Chinese in a `plain` code
    // block, and seed 004's software versions read `3.0、4.0`, plain text of a Chinese report, which
    // every page shows as written until translated (the bundled data translated it), never rewritten
    expect(problems).toEqual(HAVE_SEEDS ? [
      '.benchdoc/static/downloads/tidb-v6.0.0-vs-v5.1.4/tidb-v6.0.0-vs-v5.1.4.zh.md: 203: typographic or full-width punctuation in code',
      ...[36, 37, 38].map((line) => `.benchdoc/static/downloads/tidb-v4.0-vs-v3.0/tidb-v4.0-vs-v3.0.en.md: line ${line} (marked text removed): CJK punctuation 、`)
    ] : [])
  })

  it('should give back the parameter blocks of a run report, two a subject under one heading, in every language', () => {
    for (const id of MADE) for (const lang of ['en', 'zh', 'ja']) {
      const {result, problems} = importMarkdown(readFileSync(exportFile(join(root, '.benchdoc'), id, lang), 'utf8'), {path: 'x.md', file: exportFile(join(root, '.benchdoc'), id, lang)})
      expect(problems.filter((p) => p.severity === 'error'), `${id} ${lang}`).toEqual([])
      expect(parse(result?.yaml ?? '').parameters, `${id} ${lang}`).toEqual(parse(readFileSync(fixture(`site/${id}.yaml`), 'utf8')).parameters)
    }
  })

  it('should write the corrected configuration block of seed 004 and nothing else differently', () => {
    if (!HAVE_SEEDS) return
    const original = parse(/** @type {{yaml: string}} */ (reports.get('tidb-v4.0-vs-v3.0')).yaml)
    const {result} = importMarkdown(readFileSync(exportFile(join(root, '.benchdoc'), 'tidb-v4.0-vs-v3.0', 'zh'), 'utf8'), {path: 'x.md', file: exportFile(join(root, '.benchdoc'), 'tidb-v4.0-vs-v3.0', 'zh')})
    for (const p of original.parameters) p.content = p.content.replace('log.level: “error”', 'log.level: "error"')
    expect(parse(result?.yaml ?? '')).toEqual(original)
  })
})
