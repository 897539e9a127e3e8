/**
 * Turns for the subjects of a comparison plan, so that their repeats
 * interleave (A B A B …) and drift over time hits every subject alike.
 *
 * Each subject's run says when it is `ready` to measure (its server started
 * and its tables prepared): nobody measures before every subject still
 * running is ready, so one subject's prepare never overlaps another's
 * measurement. Then each repeat is a turn: `take` it before, `release` it
 * after. Turns go round in plan order; a subject that ends (finished, failed,
 * interrupted) `leave`s, and the others go on without it. Every turn has a
 * number, its position in the whole run (`order`). Aborting wakes every
 * waiter (with order 0) so that each run can see the abort and stop.
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
