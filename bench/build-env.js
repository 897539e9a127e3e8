import {readFileSync} from 'node:fs'
import {join} from 'node:path'

/**
 * How the benchmarks run a build: with the Node flags of benchdoc's bin, and
 * in the caller's environment less what costs every Node process at its
 * start and a build never uses.
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

/**
 * The Node flags benchdoc's bin runs with: those of the first line of
 * tools/cli.js (`#!/usr/bin/env -S node FLAGS`), which is where they are set.
 * @param {string} packageRoot
 * @returns {string[]}
 */
export function binFlags(packageRoot) {
  const first = readFileSync(join(packageRoot, 'tools', 'cli.js'), 'utf8').split('\n', 1)[0]
  const flags = /^#!\/usr\/bin\/env -S node\b(.*)$/.exec(first)?.[1] ?? ''
  return flags.trim().split(/\s+/).filter(Boolean)
}
