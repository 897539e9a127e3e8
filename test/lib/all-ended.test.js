import {describe, expect, test} from 'vitest'
import {allEnded} from '../../tools/lib/all-ended.js'
import {exactly} from '../helpers/exact.js'

/** A promise settled after `ms`, recording its end. @param {number} ms @param {string[]} ended @param {string} name @param {boolean} [fail] */
const after = (ms, ended, name, fail = false) =>
  new Promise((resolve, reject) => setTimeout(() => (ended.push(name), fail ? reject(new Error(name)) : resolve(name)), ms))

describe('allEnded', () => {
  test('should give every value in the order asked', async () => {
    const ended = /** @type {string[]} */ ([])
    expect(await allEnded([after(20, ended, 'a'), after(5, ended, 'b')])).toEqual(['a', 'b'])
    expect(ended).toEqual(['b', 'a'])
  })

  test('should throw the first failure in the order asked, only once every promise has ended', async () => {
    const ended = /** @type {string[]} */ ([])
    await expect(allEnded([after(5, ended, 'slow ok'), after(15, ended, 'first', true), after(1, ended, 'second', true), after(30, ended, 'last')])).rejects.toThrow(exactly('first'))
    expect(ended).toEqual(['second', 'slow ok', 'first', 'last'])
  })
})
