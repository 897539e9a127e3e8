import {describe, expect, test} from 'vitest'
import {poolSize} from '../../tools/charts/pool.js'

describe('the chart pool leaves the main thread its core', () => {
  test('one worker on one or two cores, three on four, never more than four', () => {
    expect([1, 2, 3, 4, 8, 64].map(poolSize)).toEqual([1, 1, 2, 3, 4, 4])
  })
})
