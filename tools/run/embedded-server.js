import {startEmbeddedMariadb} from './embedded.js'
import {startEmbeddedPostgres} from './embedded-postgres.js'
import {ENGINE_PRODUCTS} from './plan.js'

/**
 * The throwaway server of a plan without a target, with the plan's server options.
 *
 * @param {import('./plan.js').Engine} engine
 * @param {{log?: (text: string) => void, serverOptions?: import('./plan.js').ServerOptions}} options
 * @returns {Promise<import('./embedded.js').Embedded & {name: string}>}
 */
export async function startEmbedded(engine, {log, serverOptions = {}}) {
  const extraArgs = Object.entries(serverOptions).flatMap(([k, v]) => (engine === 'postgresql' ? ['-c', `${k}=${serverOptionValue(v)}`] : [`--${k}=${serverOptionValue(v)}`]))
  const server = engine === 'postgresql' ? await startEmbeddedPostgres({log, extraArgs}) : await startEmbeddedMariadb({log, extraArgs})
  return {...server, name: ENGINE_PRODUCTS[engine]}
}

/**
 * A server option's value as my.cnf and postgresql.conf write it (true and false: ON and OFF).
 * @param {string | number | boolean} value
 */
export function serverOptionValue(value) {
  return value === true ? 'ON' : value === false ? 'OFF' : String(value)
}
