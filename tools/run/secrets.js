import {InvalidError} from '../lib/errors.js'

/**
 * How secrets travel to a client host: never as arguments (readable by every
 * user of a machine) but as `name=value` lines on the ssh connection's stdin.
 */

const SECRET_ARG = /^--((?:mysql|pgsql)-password)=(.*)$/s

/**
 * The arguments without any password option, and the secrets with it.
 *
 * @param {string[]} args
 * @param {Record<string, string>} secrets
 */
export function splitSecrets(args, secrets) {
  /** @type {Record<string, string>} */
  const all = {...secrets}
  const rest = args.filter((a) => {
    const m = SECRET_ARG.exec(a)
    if (m) all[m[1]] = m[2]
    return !m
  })
  return {args: rest, secrets: all}
}

/**
 * A client's stdin preamble: a `name=value` line per secret, then an empty line.
 *
 * @param {Record<string, string>} secrets
 */
export function secretLines(secrets) {
  const lines = Object.entries(secrets).filter(([, v]) => v !== '').map(([k, v]) => {
    if (/[\r\n]/.test(v)) throw new InvalidError(`the ${k} has a line break, which a sysbench configuration file cannot hold`)
    return `${k}=${v}\n`
  })
  return `${lines.join('')}\n`
}
