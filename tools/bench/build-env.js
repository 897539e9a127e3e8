/**
 * The environment the benchmarks build in: the caller's, less what costs
 * every Node process at its start and a build never uses.
 *
 * NODE_EXTRA_CA_CERTS (set on this machine for its package registries) makes
 * Node read and parse every certificate it names before any JavaScript runs:
 * 70 ms a process here (`node -e 0`: 115 ms with it, 40 ms without), a tenth of
 * a one-number rebuild's budget spent on TLS that a build never opens. The
 * bench says when it left it out.
 */

/** What Node reads at start that a build does not use. */
const UNUSED = ['NODE_EXTRA_CA_CERTS']

/**
 * @param {Record<string, string | undefined>} env
 * @param {Record<string, string | undefined>} [extra]
 * @returns {{env: Record<string, string | undefined>, dropped: string[]}}
 */
export function buildEnv(env, extra = {}) {
  const dropped = UNUSED.filter((name) => env[name] !== undefined)
  const kept = Object.fromEntries(Object.entries(env).filter(([name]) => !dropped.includes(name)))
  return {env: {...kept, ...extra}, dropped}
}

/**
 * The line the bench prints about it, or '' when nothing was left out.
 * @param {string[]} dropped
 */
export const droppedWords = (dropped) => (dropped.length ? `builds run without ${dropped.join(', ')} (read by every Node process at its start; a build opens no TLS connection)` : '')
