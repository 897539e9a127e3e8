import {spawnSync} from 'node:child_process'
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {loadLabels} from '../../tools/i18n/labels.js'
import {PACKAGE_ROOT, findReportsRoot, reportsRoot, reportsRootOrHere} from '../../tools/lib/root.js'
import {exactly} from '../helpers/exact.js'
import {ROOT, fixture} from '../helpers/paths.js'
import {tempFolder} from '../helpers/temp.js'

const MARKED = 'title = "Ours"\n[params.benchdoc]\n'
const REPORT = readFileSync(fixture('validate/minimal.yaml'), 'utf8')

/**
 * A folder with these files. @param {Record<string, string>} files
 */
function folder(files) {
  const dir = tempFolder('benchdoc-root-')
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), {recursive: true})
    writeFileSync(join(dir, path), text)
  }
  return dir
}

/** `benchdoc ARGS` in `cwd`, as a user runs it. @param {string[]} args @param {string} cwd */
const benchdoc = (args, cwd) => spawnSync(process.execPath, [join(ROOT, 'tools/cli.js'), ...args], {cwd, encoding: 'utf8'})

describe('the reports repository a command works on', () => {
  test('should be the nearest folder upward whose config.toml declares a benchdoc site, skipping a config.toml that does not', () => {
    const repo = folder({'config.toml': MARKED, 'docs/config.toml': 'title = "Another Hugo site"\n', 'docs/deep/x.txt': ''})
    expect(findReportsRoot(join(repo, 'docs', 'deep'))).toBe(repo)
    expect(findReportsRoot(repo)).toBe(repo)
    expect(findReportsRoot(join(repo, 'docs'))).toBe(repo)
    expect(findReportsRoot(folder({'config.toml': 'title = "x"\n'}))).toBe(null)
  })

  test('should be --root when given, else the one found; for import and run given their files, else the current folder', () => {
    const repo = folder({'config.toml': MARKED})
    const elsewhere = folder({})
    expect(reportsRoot({cwd: elsewhere, root: repo})).toBe(repo)
    expect(reportsRoot({cwd: join(ROOT, 'tools', 'lib')})).toBe(ROOT)
    expect(() => reportsRoot({cwd: elsewhere})).toThrow(exactly(`No benchdoc reports repository in ${elsewhere} or any folder above it (a config.toml with a \`[params.benchdoc]\` table), expected one: make one with \`benchdoc init DIR\`, or pass --root DIR`))
    expect(reportsRootOrHere({cwd: elsewhere})).toBe(elsewhere)
    expect(reportsRootOrHere({cwd: join(repo, 'data')})).toBe(repo)
    expect(PACKAGE_ROOT).toBe(ROOT)
  })

  test('should be found from a folder below it: validate checks the repository\'s data, named from its folder', () => {
    const repo = folder({'config.toml': MARKED, 'data/reports/minimal.yaml': REPORT.replace('id: minimal', 'id: wrong')})
    const result = benchdoc(['validate'], join(repo, 'data', 'reports'))
    expect(result.stderr).toBe('data/reports/minimal.yaml:2:5: error: Unexpected id `wrong`, expected `minimal` (the file name) [id-matches-file]\n1 file checked: 1 error, 0 warnings\n')
    expect(result.status).toBe(1)
  })

  test('should be --root DIR, before the command or among its options, relative to the current folder', () => {
    const repo = folder({'config.toml': MARKED, 'data/reports/minimal.yaml': REPORT})
    const elsewhere = folder({})
    for (const args of [['--root', repo, 'validate'], ['validate', '--root', repo], ['validate', `--root=${repo}`]]) {
      const result = benchdoc(args, elsewhere)
      expect(result.stderr, args.join(' ')).toBe('1 file checked: 0 errors, 0 warnings\n')
      expect(result.status).toBe(0)
    }
    expect(benchdoc(['validate', '--root', '../nowhere'], elsewhere).stderr).toBe(`benchdoc validate: --root ../nowhere: no such folder (${join(dirname(elsewhere), 'nowhere')})\n`)
    expect(benchdoc(['validate', '--root'], elsewhere).stderr).toBe('benchdoc validate: Option `--root DIR` needs a folder, expected e.g. `--root ../reports`\n')
  })

  test('should be needed by every command that works on it: outside one each exits 2, naming the folder and how to make one', () => {
    // data where a repository's would be, but no config.toml marks the folder as one
    const elsewhere = folder({'data/reports/minimal.yaml': REPORT, 'content/narrative/minimal/en.md': '---\nreport: minimal\nlang: en\n---\n'})
    const commands = [['validate'], ['build'], ['serve'], ['export', 'minimal'], ['review'], ['migrate'], ['i18n', 'check'], ['i18n', 'status'],
      ['i18n', 'stamp', '--all'], ['i18n', 'init', 'minimal', 'zh'], ['i18n', 'add-language', 'ko']]
    for (const args of commands) {
      const result = benchdoc(args, join(elsewhere, 'data'))
      expect(result.stderr, args.join(' ')).toBe(`benchdoc ${args[0]}: No benchdoc reports repository in ${join(elsewhere, 'data')} or any folder above it (a config.toml with a \`[params.benchdoc]\` table), expected one: make one with \`benchdoc init DIR\`, or pass --root DIR\n`)
      expect(result.status).toBe(2)
    }
    const unmarked = benchdoc(['validate', '--root', elsewhere], ROOT)
    expect(unmarked.stderr).toBe(`benchdoc validate: No benchdoc reports repository in ${elsewhere} (a config.toml with a \`[params.benchdoc]\` table), expected one: make one with \`benchdoc init DIR\`, or pass --root DIR\n`)
    expect(unmarked.status).toBe(2)
  })

  test('should not be needed by a command given its files: validate FILE, collect, noise, import and run --dry-run', () => {
    const elsewhere = folder({'minimal.yaml': REPORT, 'plan.yaml': 'report: r\nsubject: a\nworkloads:\n  - {name: oltp_point_select, threads: [1]}\n'})
    const validated = benchdoc(['validate', 'minimal.yaml'], elsewhere)
    expect(validated.stderr).toBe('1 file checked: 0 errors, 0 warnings\n')
    expect(validated.status).toBe(0)
    expect(benchdoc(['collect', fixture('sysbench/1.0.20-read-write-1-client.log')], elsewhere).status).toBe(0)
    expect(benchdoc(['noise', fixture('verdict/repeats.yaml')], elsewhere).status).toBe(0)
    expect(benchdoc(['import', fixture('import/zh-version-rows.md'), '--dry-run'], elsewhere).status).toBe(0)
    expect(benchdoc(['run', 'plan.yaml', '--dry-run'], elsewhere).status).toBe(0)
  })
})

describe('the languages of a reports repository', () => {
  test('should never include i18n/glossary.yaml, when the label files name them', () => {
    const repo = folder({'config.toml': MARKED, 'i18n/en.yaml': 'site_title: "Ours"\n', 'i18n/glossary.yaml': 'terms: {}\n', 'data/reports/minimal.yaml': REPORT})
    const status = benchdoc(['i18n', 'status'], repo)
    expect(status.stdout).toBe('report   en\nminimal  missing\n')
    expect(status.status).toBe(0)
    expect(benchdoc(['i18n', 'check'], repo).stderr).toBe('1 label file and 1 report checked: 0 errors, 0 warnings\n')
  })
})

describe('labels of a reports repository', () => {
  test('should be the package\'s, with the repository\'s i18n files over them key by key', () => {
    const repo = folder({'config.toml': MARKED, 'i18n/en.yaml': 'site_title: "Our reports"\nours_only: "Ours"\n'})
    const labels = loadLabels(repo, 'en')
    const packaged = loadLabels(PACKAGE_ROOT, 'en')
    expect(labels.site_title).toBe('Our reports')
    expect(labels.ours_only).toBe('Ours')
    expect(labels.result_qps).toBe(packaged.result_qps)
    expect(Object.keys(labels).length).toBe(Object.keys(packaged).length + 1)
    expect(loadLabels(repo, 'zh')).toEqual(loadLabels(PACKAGE_ROOT, 'zh'))
  })
})
