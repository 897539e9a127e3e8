/**
 * Every promise settled, then the first failure (in the list's order) thrown, else every value in order:
 * unlike Promise.all, nothing the others still do (writing files, running a server) goes on once the
 * caller has moved on, after a failure as after success.
 * @template T
 * @param {Iterable<Promise<T>>} promises
 * @returns {Promise<T[]>}
 */
export async function allEnded(promises) {
  const settled = await Promise.allSettled(promises)
  const failure = settled.find((s) => s.status === 'rejected')
  if (failure) throw /** @type {PromiseRejectedResult} */ (failure).reason
  return settled.map((s) => /** @type {PromiseFulfilledResult<T>} */ (s).value)
}
