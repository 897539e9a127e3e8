import {describe, expect, it} from 'vitest'
import {fuzz, judge, regressionsOf, seedsOf} from './oracle.js'
import {readerTargets} from './targets.js'
import {tempFolder} from '../helpers/temp.js'

/**
 * The short run of `make test` for some targets: every committed finding and seed judged,
 * then a fixed number of mutations from a fixed seed, so a run is the same each time.
 * `make fuzz` runs the long campaign (campaign.js). Not a test file: the two that call it are.
 *
 * @param {Record<string, number>} runs  mutations per target, chosen for about 5 s each
 */
export function shortRun(runs) {
  const targets = readerTargets(tempFolder('benchdoc-fuzz-'))
  describe.each(Object.keys(runs))('the %s reader', (name) => {
    const target = targets.find((t) => t.name === name)
    if (!target) throw new Error(`no fuzz target ${name}`)

    it('should accept or refuse, with a place, each committed finding and corpus file', async () => {
      const inputs = [...regressionsOf(target), ...seedsOf(target).map((text, i) => ({name: `seed ${i}`, text}))]
      for (const {name, text} of inputs) expect(await judge(target, text), name).toEqual([])
    })

    it(`should accept or refuse, with a place, ${runs[name]} mutations of its corpus (seed 44)`, async () => {
      const {input, failures} = await fuzz(target, {seed: 44, numRuns: runs[name]})
      expect(failures, `input: ${JSON.stringify(input)?.slice(0, 2000)}`).toEqual([])
    })
  })
}
