import {describe, expect, test} from 'vitest'
import {allEnded} from '../../tools/lib/all-ended.js'
import {exactly} from '../helpers/exact.js'

/** A promise settled after `ms`, recording its end. @param {number} ms @param {string[]} ended @param {string} name @param {boolean} [fail] */
const after = (ms, ended, name, fail = false) =>
  new Promise((resolve, reject) => setTimeout(() => (ended.push(name), fail ? reject(new Error(name)) : resolve(name)), ms))

/** A promise with its resolve and reject (Node 20 has no Promise.withResolvers). */
function deferred() {
  /** @type {{resolve: (value: unknown) => void, reject: (error: Error) => void}} */
  const hands = {resolve: () => {}, reject: () => {}}
  const promise = new Promise((resolve, reject) => Object.assign(hands, {resolve, reject}))
  return {promise, ...hands}
}

describe('allEnded', () => {
  test('should give every value in the order asked', async () => {
    const ended = /** @type {string[]} */ ([])
    expect(await allEnded([after(20, ended, 'a'), after(5, ended, 'b')])).toEqual(['a', 'b'])
    expect(ended).toEqual(['b', 'a'])
  })

  test('should throw the first failure in the order asked, only once every promise has ended', async () => {
    // settled by hand, in this order: timers under load may fire out of the order of their delays
    const [slowOk, first, second, last] = [0, 1, 2, 3].map(deferred)
    let settled = false
    const all = allEnded([slowOk.promise, first.promise, second.promise, last.promise]).finally(() => void (settled = true))
    all.catch(() => {}) // awaited below
    second.reject(new Error('second'))
    slowOk.resolve('slow ok')
    first.reject(new Error('first'))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(settled).toBe(false)
    last.resolve('last')
    await expect(all).rejects.toThrow(exactly('first'))
  })
})
