import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {TYPES, generateTypes} from '../../tools/types/generate.js'
import {ROOT} from '../helpers/paths.js'
import {tempFolder} from '../helpers/temp.js'

describe('generated types', () => {
  test.each(TYPES)('should have $out as $schema generates it (run `npm run types` when this fails)', async (entry) => {
    expect(readFileSync(join(ROOT, entry.out), 'utf8')).toBe(await generateTypes(entry))
  })

  test('should give declarations that differ from the committed ones when a schema changes', async () => {
    const root = tempFolder('benchdoc-types-')
    mkdirSync(join(root, 'schemas'))
    const schema = JSON.parse(readFileSync(join(ROOT, TYPES[0].schema), 'utf8'))
    schema.$defs.point.properties.warmed = {description: 'A field added for the test.', type: 'boolean'}
    writeFileSync(join(root, TYPES[0].schema), JSON.stringify(schema))
    const changed = await generateTypes(TYPES[0], root)
    expect(changed).toContain('  warmed?: boolean\n')
    expect(changed).not.toBe(readFileSync(join(ROOT, TYPES[0].out), 'utf8'))
  })
})
