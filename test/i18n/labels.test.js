import {mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {loadLabels} from '../../tools/i18n/labels.js'
import {InvalidError} from '../../tools/lib/errors.js'
import {exactly} from '../helpers/exact.js'
import {tempFolder} from '../helpers/temp.js'

describe('loadLabels', () => {
  test('should read a label written as a string or in Hugo’s `other` form', () => {
    const root = tempFolder('benchdoc-labels-')
    mkdirSync(join(root, 'i18n'))
    writeFileSync(join(root, 'i18n', 'xx.yaml'), 'title: Reports\nreports:\n  other: "{{ .n }} reports"\nempty:\n')
    expect(loadLabels(root, 'xx')).toEqual({title: 'Reports', reports: '{{ .n }} reports', empty: ''})
  })

  test('should refuse a label file that is not YAML, naming the place of its first error (exit 1)', () => {
    const root = tempFolder('benchdoc-labels-')
    mkdirSync(join(root, 'i18n'))
    const file = join(root, 'i18n', 'xx.yaml')
    writeFileSync(file, 'title: Reports\nlist: [a, b\n')
    expect(() => loadLabels(root, 'xx')).toThrow(exactly('invalid YAML\ni18n/xx.yaml:2:12: error: Missing the closing `]`, expected it at the end of this line [yaml-syntax]'))
    /** @type {unknown} */
    let error
    try {
      loadLabels(root, 'xx')
    } catch (thrown) {
      error = thrown
    }
    expect([error instanceof InvalidError, /** @type {InvalidError} */ (error).exitCode]).toEqual([true, 1])
  })
})
