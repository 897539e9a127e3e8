import {readFileSync, readdirSync, statSync} from 'node:fs'
import {join} from 'node:path'
import {spawnSync} from 'node:child_process'
import {describe, expect, test} from 'vitest'
import {reportFiles, validateReportDoc} from '../../tools/validate/index.js'
import {parseYamlSource} from '../../tools/lib/yaml-source.js'
import {ROOT} from '../helpers/paths.js'
import {tempFolder} from '../helpers/temp.js'

// What keeps `validate` of 1,000 files within its budget (issue 25): work a
// valid file must not cause.

describe('validation cost', () => {
  test('should not ask a valid file for any place: a place parses the file a second time, slowly', () => {
    const files = reportFiles([], ROOT)
    expect(files.length).toBeGreaterThanOrEqual(5)
    const asked = files.filter((file) => {
      const doc = parseYamlSource(file, readFileSync(file, 'utf8'))
      let places = 0
      validateReportDoc({...doc, placeOf: (path, key) => (places++, doc.placeOf(path, key))})
      return places > 0
    })
    expect(asked).toEqual([])
  })

  test('should load the compiled report validator from the cache folder rather than compile the schema again', () => {
    const cache = tempFolder('benchdoc-validator-cache-')
    const check = () => spawnSync(process.execPath, ['--input-type=module', '-e', [
      `import {schemaValidator} from ${JSON.stringify(join(ROOT, 'tools/validate/schema-check.js'))}`,
      'const validate = schemaValidator("report")',
      'process.stdout.write(JSON.stringify([validate({id: "r"}), validate.errors?.[0]?.params]))'
    ].join('\n')], {env: {...process.env, BENCHDOC_CACHE: cache}, encoding: 'utf8'})
    const first = check()
    expect(first.stderr).toBe('')
    expect(first.stdout).toBe('[false,{"missingProperty":"kind"}]')
    const [file] = readdirSync(join(cache, 'validators'))
    expect(file).toMatch(/^report-[0-9a-f]{16}\.cjs$/)
    const written = statSync(join(cache, 'validators', file), {bigint: true})
    const second = check()
    expect(second.stdout).toBe('[false,{"missingProperty":"kind"}]')
    // compiling writes the file anew (atomically: another inode); loading leaves it
    const after = statSync(join(cache, 'validators', file), {bigint: true})
    expect([after.ino, after.mtimeNs]).toEqual([written.ino, written.mtimeNs])
  })
})
