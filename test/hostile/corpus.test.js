import {readFileSync} from 'node:fs'
import {describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {hostileCases} from '../fixtures/hostile/cases.js'
import {SECRET, keyLine, runCase} from './corpus.js'

const expected = /** @type {Record<string, {code: number, message: string}>} */ (
  parse(readFileSync(new URL('../fixtures/hostile/expected.yaml', import.meta.url), 'utf8'))
)
const cases = hostileCases()

describe('the hostile corpus', () => {
  it('should have at least 150 cases, each with an expectation, and no expectation without its case', () => {
    expect(cases.length).toBeGreaterThanOrEqual(150)
    expect(cases.map((c) => c.id).sort()).toEqual(Object.keys(expected).sort())
  })

  it.each(cases.map((c) => [c.id, c]))('%s: should be refused with its message in under 5 s, without a stack, a leak or a change', async (id, c) => {
    const result = await runCase(/** @type {any} */ (c))
    expect({code: result.code, message: keyLine(result.err)}).toEqual(expected[/** @type {string} */ (id)])
    expect(result.err).not.toMatch(/internal error|\n\s+at .+:\d+:\d+\)?\n/)
    expect(`${result.out}${result.err}`).not.toContain(SECRET.slice(0, 60))
    expect(result.unchanged).toBe(true)
    expect(result.ms).toBeLessThan(5000)
  })
})
