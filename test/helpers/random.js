/**
 * Seeded draws for the generated reports: the same seed, the same draws.
 * @typedef {() => number} Random  uniform in [0, 1)
 */

/**
 * Small deterministic PRNG (mulberry32), so runs compare like with like.
 * @param {number} seed
 * @returns {Random}
 */
export function random(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** @type {<T>(rnd: Random, list: readonly T[]) => T} */
export const pick = (rnd, list) => list[Math.floor(rnd() * list.length)]

/** @param {Random} rnd @param {number} p  the chance, 0 to 1 */
export const chance = (rnd, p) => rnd() < p
