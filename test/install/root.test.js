import {spawnSync} from 'node:child_process'
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {loadLabels} from '../../tools/i18n/labels.js'
import {PACKAGE_ROOT, findReportsRoot, reportsRoot} from '../../tools/lib/root.js'
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

  test('should be --root when given, and the current folder when no repository is found', () => {
    const repo = folder({'config.toml': MARKED})
    const elsewhere = folder({})
    expect(reportsRoot({cwd: elsewhere, root: repo})).toBe(repo)
    expect(reportsRoot({cwd: elsewhere})).toBe(elsewhere)
    expect(reportsRoot({cwd: join(ROOT, 'tools', 'lib')})).toBe(ROOT)
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

  test('should be refused by build where there is none, saying how to make one', () => {
    const elsewhere = folder({'data/reports/minimal.yaml': REPORT})
    const result = benchdoc(['build'], elsewhere)
    expect(result.stderr).toBe(`benchdoc build: No benchdoc reports repository in ${elsewhere} or any folder above it (a config.toml with a \`[params.benchdoc]\` table), expected one: make one with \`benchdoc init DIR\`, or pass --root DIR\n`)
    expect(result.status).toBe(2)
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
