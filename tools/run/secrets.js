import {InvalidError} from '../lib/errors.js'

/**
 * How secrets travel to a client host: never as arguments (a command line is
 * readable by every user of a machine, here and there) but as `name=value`
 * lines on the ssh connection's stdin, which the host's script writes into a
 * 0600 sysbench --config-file it removes when sysbench ends.
 */

const SECRET_ARG = /^--((?:mysql|pgsql)-password)=(.*)$/s

/**
 * The arguments without any password option, and the secrets with it (a
 * caller that still puts the password in the arguments loses nothing).
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
 * The stdin preamble of a client: one `name=value` line per secret, then an
 * empty line.
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
