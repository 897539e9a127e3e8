/**
 * Turns for the subjects of a comparison plan, so their repeats interleave
 * (A B A B …) and drift over time hits every subject alike. Each subject's
 * run takes a turn before each repeat and releases it after; a subject that
 * ends (finished, failed, interrupted) leaves, and the others go on without it.
 * Every turn has a number: the repeat's position in the whole run (`order`).
 *
 * @typedef {{take: () => Promise<number>, release: () => void, leave: () => void}} Turn
 */

/**
 * @param {number} parties  subjects, in plan order
 * @returns {Turn[]}  one per subject
 */
export function turnstile(parties) {
  const active = new Set(Array.from({length: parties}, (_, i) => i))
  /** @type {Map<number, () => void>} */
  const waiting = new Map()
  let next = 0
  let order = 0
  let busy = false
  const advance = (/** @type {number} */ from) => {
    if (active.size === 0) return
    let i = from
    do i = (i + 1) % parties
    while (!active.has(i))
    next = i
    const wake = waiting.get(next)
    if (wake && !busy) {
      waiting.delete(next)
      wake()
    }
  }
  return Array.from({length: parties}, (_, me) => ({
    async take() {
      if (next !== me || busy) await new Promise((resolve) => waiting.set(me, () => resolve(undefined)))
      busy = true
      return ++order
    },
    release() {
      busy = false
      advance(me)
    },
    leave() {
      active.delete(me)
      waiting.delete(me)
      if (next === me && !busy) advance(me)
    }
  }))
}
