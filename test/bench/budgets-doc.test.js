import {spawnSync} from 'node:child_process'
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {BUDGETS_FILE, SECTIONS, budgetsDocument, readSections} from '../../bench/budgets-doc.js'
import {ROOT} from '../helpers/paths.js'
import {tempFolder} from '../helpers/temp.js'

describe('docs/budgets.md', () => {
  it('should be exactly what the benchmarks write: no hand edit outside their sections', () => {
    const text = readFileSync(BUDGETS_FILE, 'utf8')
    expect(text).toBe(budgetsDocument(readSections(BUDGETS_FILE)))
  })

  it('should have a section for every benchmark that make bench runs, and make bench should run each', () => {
    const makefile = readFileSync(join(ROOT, 'Makefile'), 'utf8')
    const bench = /^bench:.*\n((?:\t.*\n)+)/m.exec(makefile)?.[1] ?? ''
    const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts
    const sectioned = SECTIONS.map((s) => scripts[s.command.replace('npm run ', '')])
    for (const [i, script] of sectioned.entries()) {
      expect(script, SECTIONS[i].command).toMatch(/^node bench\/[a-z-]+\.js$/)
      expect(bench, SECTIONS[i].command).toContain(`\t${script}\n`)
    }
    // and every script make bench runs writes a section
    expect(bench.split('\n').map((l) => l.trim()).filter(Boolean).sort()).toEqual([...sectioned].sort())
  })
})

describe('saveSection', () => {
  it('should write what a script printed into its own section and keep the others as they were', () => {
    const dir = tempFolder('benchdoc-budgets-')
    const file = join(dir, 'budgets.md')
    writeFileSync(file, budgetsDocument({import: 'Measured before.\n\n```text\nold\n```'}))
    const script = `
      import {print, saveSection} from ${JSON.stringify(join(ROOT, 'bench/budgets-doc.js'))}
      print('versions page of 100 reports')
      print('  en/versions/tidb/:  250.0 KB   budget < 300 KB')
      saveSection('versions', {now: new Date('2026-11-27T10:05:00Z'), file: ${JSON.stringify(file)}})`
    writeFileSync(join(dir, 'bench.mjs'), script)
    const result = spawnSync(process.execPath, ['bench.mjs', '--rounds', '2'], {cwd: dir, encoding: 'utf8', env: {...process.env, RUNS: '3'}})
    expect(result.stderr).toBe('')
    expect(result.stdout).toBe('versions page of 100 reports\n  en/versions/tidb/:  250.0 KB   budget < 300 KB\n')
    const sections = readSections(file)
    expect(sections.import).toBe('Measured before.\n\n```text\nold\n```')
    expect(sections.versions).toMatch(/^Measured 2026-11-27 10:05 UTC on \d+ cores \(.+\); load average \d+\.\d\d before, \d+\.\d\d at the end;\n`RUNS=3 node bench\.mjs --rounds 2`; benchdoc ran from its source \(docs\/setup\.md\)\.\n\n```text\nversions page of 100 reports\n {2}en\/versions\/tidb\/: {2}250\.0 KB {3}budget < 300 KB\n```$/)
    expect(sections.build).toBe('Not measured yet: run `npm run bench:build` (or `make bench`) on an idle machine.')
  })
})
