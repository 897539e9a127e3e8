import {spawnSync} from 'node:child_process'
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {migrateText} from '../../tools/migrate/migrate.js'
import {checkSchemaVersion} from '../../tools/lib/schema-version.js'
import {parseYamlSource} from '../../tools/lib/yaml-source.js'
import {ROOT, fixture} from '../helpers/paths.js'
import {tempFolder} from '../helpers/temp.js'

const REPORT = readFileSync(fixture('validate/minimal.yaml'), 'utf8')
const PLAN = 'report: r\nsubject: a\nworkloads:\n  - {name: oltp_point_select, threads: [1]}\n'

/** `benchdoc ARGS` in `cwd`. @param {string[]} args @param {string} cwd */
const benchdoc = (args, cwd) => spawnSync(process.execPath, [join(ROOT, 'tools/cli.js'), ...args], {cwd, encoding: 'utf8'})

/** A reports repository with these files. @param {Record<string, string>} files */
function repository(files) {
  const dir = tempFolder('benchdoc-migrate-')
  for (const [path, text] of Object.entries({'config.toml': '[params.benchdoc]\n', ...files})) {
    mkdirSync(dirname(join(dir, path)), {recursive: true})
    writeFileSync(join(dir, path), text)
  }
  return dir
}

/** A schema change of the kind that needs a migration: the report's `metric` renamed `measure`, in place. */
const RENAME = {kind: /** @type {const} */ ('report'), to: 2, change: '`metric` renamed `measure`', apply: (/** @type {import('yaml').Document} */ doc) => {
  const pair = /** @type {import('yaml').YAMLMap<import('yaml').Scalar, unknown>} */ (doc.contents).items.find((p) => p.key.value === 'metric')
  if (pair) pair.key.value = 'measure'
}}

describe('schema versions of data and plan files', () => {
  test('should record the version as the first key after the opening comment, changing no other line', () => {
    const result = migrateText(REPORT, 'report')
    expect(result).toEqual({text: REPORT.replace('\nid: minimal', '\nschema_version: 1\nid: minimal'), from: 1, to: 1, changes: []})
    expect(migrateText(REPORT.replace('\nid: minimal', '\nschema_version: 1\nid: minimal'), 'report')).toEqual({text: REPORT.replace('\nid: minimal', '\nschema_version: 1\nid: minimal'), from: 1, to: 1, changes: []})
  })

  test('should rewrite a file of an older version by each migration since, comments kept', () => {
    const old = '# ours\nid: r\nkind: single\nmetric: tps # the measure we compare\nsubjects: [{id: a}]\n'
    const result = migrateText(old, 'report', {versions: {report: 2, plan: 1}, migrations: [RENAME]})
    expect(result).toEqual({text: '# ours\nschema_version: 2\nid: r\nkind: single\nmeasure: tps # the measure we compare\nsubjects: [{id: a}]\n', from: 1, to: 2, changes: ['`metric` renamed `measure`']})
  })

  test('should refuse a file of a version newer than this benchdoc, and one an incompatible change left behind', () => {
    const newer = parseYamlSource('data/reports/r.yaml', 'schema_version: 3\nid: r\n')
    expect(checkSchemaVersion(newer, 'report')).toEqual([{file: 'data/reports/r.yaml', line: 1, col: 17, severity: 'error', rule: 'schema-version',
      message: 'Unexpected schema_version 3: written by a newer benchdoc, which this one (report schema version 1) cannot read; expected 1 or older (upgrade benchdoc)'}])
    const older = parseYamlSource('data/reports/r.yaml', 'id: r\n')
    expect(checkSchemaVersion(older, 'report', {versions: {report: 2, plan: 1}, migrations: [RENAME]})).toEqual([{file: 'data/reports/r.yaml', line: 1, col: 1, severity: 'error', rule: 'schema-version',
      message: 'Unexpected schema_version 1: the report schema changed since, expected 2 or newer (run `benchdoc migrate` to rewrite the file)'}])
    expect(checkSchemaVersion(older, 'report')).toEqual([])
  })

  test('should be refused by validate and run when newer, naming the file and line', () => {
    const repo = repository({'data/reports/minimal.yaml': REPORT.replace('\nid: minimal', '\nschema_version: 2\nid: minimal'), 'plans/p.yaml': `schema_version: 2\n${PLAN}`})
    const validated = benchdoc(['validate'], repo)
    expect(validated.stderr).toBe('data/reports/minimal.yaml:2:17: error: Unexpected schema_version 2: written by a newer benchdoc, which this one (report schema version 1) cannot read; expected 1 or older (upgrade benchdoc) [schema-version]\nplans/p.yaml:1:17: error: Unexpected schema_version 2: written by a newer benchdoc, which this one (plan schema version 1) cannot read; expected 1 or older (upgrade benchdoc) [schema-version]\n2 files checked: 2 errors, 0 warnings\n')
    expect(validated.status).toBe(1)
    const run = benchdoc(['run', 'plans/p.yaml', '--dry-run'], repo)
    expect(run.stderr).toBe('benchdoc run: invalid plan\nplans/p.yaml:1:17: error: Unexpected schema_version 2: written by a newer benchdoc, which this one (plan schema version 1) cannot read; expected 1 or older (upgrade benchdoc) [schema-version]\n')
    expect(run.status).toBe(1)
  })

  test('should be recorded by benchdoc migrate in every data and plan file, once', () => {
    const repo = repository({'data/reports/minimal.yaml': REPORT, 'plans/nested/p.yaml': PLAN, 'plans/q.yaml': `schema_version: 1\n${PLAN}`})
    const dry = benchdoc(['migrate', '--dry-run'], join(repo, 'plans'))
    expect(dry.stderr).toBe('../data/reports/minimal.yaml: would be rewritten (schema_version 1 recorded)\nnested/p.yaml: would be rewritten (schema_version 1 recorded)\n3 files checked: 2 to rewrite, 0 not readable\n')
    expect(readFileSync(join(repo, 'plans/nested/p.yaml'), 'utf8')).toBe(PLAN)
    expect(benchdoc(['migrate'], repo).stderr).toBe('data/reports/minimal.yaml: rewritten (schema_version 1 recorded)\nplans/nested/p.yaml: rewritten (schema_version 1 recorded)\n3 files checked: 2 rewritten, 0 not readable\n')
    expect(readFileSync(join(repo, 'plans/nested/p.yaml'), 'utf8')).toBe(`schema_version: 1\n${PLAN}`)
    expect(benchdoc(['migrate'], repo).stderr).toBe('3 files checked: 0 rewritten, 0 not readable\n')
    expect(benchdoc(['validate'], repo).stderr).toBe('3 files checked: 0 errors, 0 warnings\n')
  })

  test('should leave a file it cannot read as it is, naming it (a YAML error at its place), and exit 1', () => {
    const repo = repository({'data/reports/new.yaml': 'schema_version: 7\nid: new\n', 'data/reports/broken.yaml': 'id: [\n'})
    const result = benchdoc(['migrate'], repo)
    expect(result.stderr).toBe([
      'data/reports/broken.yaml:1:6: error: Missing the closing `]`, expected it at the end of this line [yaml-syntax]',
      'data/reports/new.yaml: not migrated: schema_version 7 is newer than this benchdoc\'s (1): upgrade benchdoc',
      '2 files checked: 0 rewritten, 2 not readable', ''
    ].join('\n'))
    expect(result.status).toBe(1)
  })
})
