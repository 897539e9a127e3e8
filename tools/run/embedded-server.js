import {startEmbeddedMariadb} from './embedded.js'
import {startEmbeddedPostgres} from './embedded-postgres.js'
import {ENGINE_PRODUCTS} from './plan.js'

/**
 * The throwaway server of a plan without a target, of the plan's engine.
 *
 * @param {import('./plan.js').Engine} engine
 * @param {{log?: (text: string) => void}} options
 * @returns {Promise<import('./embedded.js').Embedded & {name: string}>}
 */
export async function startEmbedded(engine, options) {
  const server = engine === 'postgresql' ? await startEmbeddedPostgres(options) : await startEmbeddedMariadb(options)
  return {...server, name: ENGINE_PRODUCTS[engine]}
}
