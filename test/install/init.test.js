import {spawnSync} from 'node:child_process'
import {existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {readLanguages} from '../../tools/i18n/languages.js'
import {findReportsRoot} from '../../tools/lib/root.js'
import {ROOT} from '../helpers/paths.js'
import {tempFolder} from '../helpers/temp.js'

/** `benchdoc ARGS` in `cwd`. @param {string[]} args @param {string} cwd */
const benchdoc = (args, cwd) => spawnSync(process.execPath, [join(ROOT, 'tools/cli.js'), ...args], {cwd, encoding: 'utf8'})

const WRITTEN = ['config.toml', 'data/reports/.gitkeep', 'content/narrative/.gitkeep', 'README.md', '.gitignore', 'plans/example.yaml',
  '.github/workflows/benchdoc.yml', '.github/workflows/benchdoc-comment.yml', '.github/workflows/pages.yml', 'package.json']
const VERSION = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version

describe('benchdoc init', () => {
  test('should write a reports repository that benchdoc finds, with the next commands', () => {
    const parent = tempFolder('benchdoc-init-')
    const result = benchdoc(['init', 'perf-reports'], parent)
    expect(result.stderr).toBe(`${WRITTEN.map((f) => `${f}: written\n`).join('')}Next: cd perf-reports && npm install && npx benchdoc setup, then \`npx benchdoc run plans/example.yaml\` and \`npx benchdoc serve\` (README.md)\n`)
    expect(result.status).toBe(0)
    const repo = join(parent, 'perf-reports')
    expect(findReportsRoot(join(repo, 'data', 'reports'))).toBe(repo)
    expect(readLanguages(repo).map((l) => [l.code, l.name, l.locale])).toEqual([['en', 'English', 'en'], ['zh', '中文', 'zh'], ['ja', '日本語', 'ja']])
    expect(JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'))).toEqual({
      name: 'perf-reports',
      private: true,
      scripts: {build: 'benchdoc build', serve: 'benchdoc serve', validate: 'benchdoc validate'},
      dependencies: {benchdoc: `^${VERSION}`}
    })
    for (const f of ['benchdoc.yml', 'benchdoc-comment.yml', 'pages.yml']) {
      expect(readFileSync(join(repo, '.github/workflows', f), 'utf8')).toBe(readFileSync(join(ROOT, '.github/workflows', f), 'utf8'))
    }
    expect(readFileSync(join(repo, 'README.md'), 'utf8')).toContain('    npx benchdoc setup ')
    expect(benchdoc(['validate'], repo).stderr).toBe('1 file checked: 0 errors, 0 warnings\n')
  })

  test('should write an example plan that runs as it is', () => {
    const repo = tempFolder('benchdoc-init-')
    expect(benchdoc(['init', '.'], repo).status).toBe(0)
    const dry = benchdoc(['run', 'example.yaml', '--dry-run'], join(repo, 'plans'))
    expect(dry.status, dry.stderr).toBe(0)
    expect(dry.stdout).toContain('oltp_read_write')
  })

  test('should write the languages asked for, the first as the source, and labels to translate for a language benchdoc has none of', () => {
    const repo = tempFolder('benchdoc-init-')
    expect(benchdoc(['init', '.', '--lang', 'ja,en,ko', '--title', 'Acme'], repo).status).toBe(0)
    expect(readFileSync(join(repo, 'config.toml'), 'utf8')).toBe(`# The site of this reports repository. benchdoc reads Hugo's defaults from its
# package and this file over them; \`npx benchdoc build\` and \`serve\` run Hugo.
baseURL = "http://localhost:1313/"
title = "Acme"
defaultContentLanguage = "ja"

[languages]
  [languages.ja]
    languageName = "日本語"
    languageCode = "ja"
    weight = 1
    hasCJKLanguage = true
  [languages.en]
    languageName = "English"
    languageCode = "en"
    weight = 2
  [languages.ko]
    languageName = "한국어"
    languageCode = "ko"
    weight = 3
    hasCJKLanguage = true

# Marks this folder as a benchdoc reports repository: benchdoc commands run
# anywhere below it work on it.
[params.benchdoc]
`)
    expect(readFileSync(join(repo, 'i18n/ko.yaml'), 'utf8')).toBe(`# 한국어 labels: still the ja text. Translate each one;\n# \`benchdoc i18n check --lang ko\` lists those left.\n${readFileSync(join(ROOT, 'i18n/ja.yaml'), 'utf8')}`)
    expect(existsSync(join(repo, 'i18n/en.yaml'))).toBe(false)
  })

  test('should add a language benchdoc has labels for with its config entry only', () => {
    const repo = tempFolder('benchdoc-init-')
    expect(benchdoc(['init', '.', '--lang', 'en'], repo).status).toBe(0)
    const added = benchdoc(['i18n', 'add-language', 'ja'], repo)
    expect(added.stderr).toBe('config.toml: ja (日本語) added\nNext: `benchdoc i18n init <report-id> ja` for each narrative; `benchdoc i18n status --lang ja` shows what is left\n')
    expect(readLanguages(repo).map((l) => l.code)).toEqual(['en', 'ja'])
    expect(existsSync(join(repo, 'i18n'))).toBe(false)
    expect(benchdoc(['i18n', 'check'], repo).stderr).toBe('2 label files and 0 reports checked: 0 errors, 0 warnings\n')
  })

  test('should refuse a first language benchdoc has no labels in, and a code that is not a language', () => {
    const repo = tempFolder('benchdoc-init-')
    const ko = benchdoc(['init', '.', '--lang', 'ko,en'], repo)
    expect(ko.stderr).toBe('benchdoc init: Unexpected first language `ko` in --lang: benchdoc has no labels in it to start from, expected one of en, ja, zh first\n')
    expect(ko.status).toBe(2)
    expect(benchdoc(['init', '.', '--lang', 'en,??'], repo).stderr).toBe('benchdoc init: Unexpected language `??` in --lang, expected BCP 47 codes such as `en,zh,ja`\n')
    expect(benchdoc(['init'], repo).status).toBe(2)
  })

  test('should refuse a folder that is not empty, naming what is there, and with --force keep its files', () => {
    const repo = tempFolder('benchdoc-init-')
    writeFileSync(join(repo, 'README.md'), 'Our own README\n')
    mkdirSync(join(repo, 'docs'))
    const refused = benchdoc(['init', '.'], repo)
    expect(refused.stderr).toBe(`benchdoc init: ${repo} is not empty (README.md, docs): not writing into it; use --force to add benchdoc's files beside these (a file of the same name is kept, not replaced)\n`)
    expect(refused.status).toBe(2)
    expect(existsSync(join(repo, 'config.toml'))).toBe(false)
    const forced = benchdoc(['init', '.', '--force'], repo)
    expect(forced.stderr).toContain('config.toml: written\n')
    expect(forced.stderr).toContain('README.md: kept (already there)\n')
    expect(readFileSync(join(repo, 'README.md'), 'utf8')).toBe('Our own README\n')
  })

  test('should copy a tarball outside the folder that npm installed benchdoc from into vendor/, and name the copy in package.json and package-lock.json', () => {
    const parent = tempFolder('benchdoc-init-')
    const repo = join(parent, 'reports')
    mkdirSync(join(parent, 'src'))
    writeFileSync(join(parent, 'src', 'benchdoc-0.1.0.tgz'), 'the package\n')
    mkdirSync(repo)
    writeFileSync(join(repo, 'package.json'), '{\n  "dependencies": {\n    "benchdoc": "file:../src/benchdoc-0.1.0.tgz"\n  }\n}\n')
    const lock = (/** @type {string} */ spec) => `{\n  "packages": {\n    "": {"dependencies": {"benchdoc": "${spec}"}},\n    "node_modules/benchdoc": {"resolved": "${spec}"}\n  }\n}\n`
    writeFileSync(join(repo, 'package-lock.json'), lock('file:../src/benchdoc-0.1.0.tgz'))
    const result = benchdoc(['init', '.'], repo)
    expect(result.stderr).toBe(`${WRITTEN.slice(0, -1).map((f) => `${f}: written\n`).join('')}vendor/benchdoc-0.1.0.tgz: written (a copy of ../src/benchdoc-0.1.0.tgz, which benchdoc was installed from: package.json names the copy, so that a fresh clone installs it; commit it)\n` +
      'package.json: written\npackage-lock.json: written\nNext: npm install && npx benchdoc setup, then `npx benchdoc run plans/example.yaml` and `npx benchdoc serve` (README.md)\n')
    expect(result.status).toBe(0)
    expect(readFileSync(join(repo, 'vendor', 'benchdoc-0.1.0.tgz'), 'utf8')).toBe('the package\n')
    expect(JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).dependencies).toEqual({benchdoc: 'file:vendor/benchdoc-0.1.0.tgz'})
    expect(readFileSync(join(repo, 'package-lock.json'), 'utf8')).toBe(lock('file:vendor/benchdoc-0.1.0.tgz'))
  })

  test('should refuse a tarball outside the folder that is no longer there, saying what to do', () => {
    const repo = tempFolder('benchdoc-init-')
    writeFileSync(join(repo, 'package.json'), '{"dependencies": {"benchdoc": "file:../gone/benchdoc-0.1.0.tgz"}}\n')
    const result = benchdoc(['init', '.'], repo)
    expect(result.stderr).toBe(`benchdoc init: ${join(repo, 'package.json')}: benchdoc's \`file:../gone/benchdoc-0.1.0.tgz\` is not there, expected the tarball npm installed it from, to copy into vendor/ for a fresh clone: install benchdoc again\n`)
    expect(result.status).toBe(2)
    expect(existsSync(join(repo, 'config.toml'))).toBe(false)
  })

  test('should not say to run npm install when benchdoc is installed in the folder', () => {
    const repo = tempFolder('benchdoc-init-')
    mkdirSync(join(repo, 'node_modules'))
    // what `npm install` of a checkout of benchdoc leaves: a link to it
    symlinkSync(ROOT, join(repo, 'node_modules', 'benchdoc'))
    const result = benchdoc(['init', '.'], repo)
    expect(result.stderr.split('\n').at(-2)).toBe('Next: npx benchdoc setup, then `npx benchdoc run plans/example.yaml` and `npx benchdoc serve` (README.md)')
    expect(result.status).toBe(0)
  })

  test('should take a folder where npm installed benchdoc as empty, and keep what npm wrote in package.json', () => {
    const repo = tempFolder('benchdoc-init-')
    mkdirSync(join(repo, 'node_modules'))
    mkdirSync(join(repo, '.git'))
    writeFileSync(join(repo, 'package-lock.json'), '{}\n')
    writeFileSync(join(repo, 'package.json'), '{\n  "dependencies": {\n    "benchdoc": "^0.9.0"\n  }\n}\n')
    expect(benchdoc(['init', '.'], repo).status).toBe(0)
    expect(readFileSync(join(repo, 'package.json'), 'utf8')).toBe(
      '{\n  "dependencies": {\n    "benchdoc": "^0.9.0"\n  },\n  "scripts": {\n    "build": "benchdoc build",\n    "serve": "benchdoc serve",\n    "validate": "benchdoc validate"\n  }\n}\n'
    )
  })
})
