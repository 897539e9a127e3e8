/**
 * Turns for the subjects of a comparison plan, so that their repeats
 * interleave (A B A B …) and drift hits every subject alike. Nobody measures
 * before every running subject is `ready` (one's prepare never overlaps
 * another's measurement); then each repeat is a turn, taken and released, in
 * plan order. A subject that ends `leave`s. Each turn is numbered in the
 * whole run (`order`); aborting wakes every waiter (with order 0).
 *
 * @typedef {{ready: () => void, take: () => Promise<number>, release: () => void, leave: () => void}} Turn
 */

/**
 * @param {number} parties  subjects, in plan order
 * @param {{signal: AbortSignal, first?: number}} options  first: the number of the first turn
 * @returns {Turn[]}  one per subject
 */
export function turnstile(parties, {signal, first = 1}) {
  const ids = Array.from({length: parties}, (_, i) => i)
  const active = new Set(ids)
  /** @type {Set<number>} */
  const ready = new Set()
  /** @type {Map<number, (order: number) => void>} */
  const waiting = new Map()
  let next = 0
  /** @type {number | null} */
  let holder = null
  let order = first - 1

  /** Give the turn to the next subject in line, if it waits and nobody holds it. */
  const pass = () => {
    if (holder !== null || active.size === 0 || [...active].some((i) => !ready.has(i))) return
    while (!active.has(next)) next = (next + 1) % parties
    const wake = waiting.get(next)
    if (!wake) return
    waiting.delete(next)
    holder = next
    wake(++order)
  }
  signal.addEventListener('abort', () => {
    for (const wake of waiting.values()) wake(0)
    waiting.clear()
  }, {once: true})

  return ids.map((me) => ({
    ready() {
      ready.add(me)
      pass()
    },
    take() {
      if (signal.aborted) return Promise.resolve(0)
      return new Promise((resolve) => {
        waiting.set(me, resolve)
        pass()
      })
    },
    release() {
      if (holder !== me) return
      holder = null
      next = (me + 1) % parties
      pass()
    },
    leave() {
      active.delete(me)
      waiting.delete(me)
      if (holder === me) holder = null
      if (next === me) next = (me + 1) % parties
      pass()
    }
  }))
}
