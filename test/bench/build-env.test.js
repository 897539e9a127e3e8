import {describe, expect, test} from 'vitest'
import {buildEnv, droppedWords} from '../../tools/bench/build-env.js'

describe('the environment the benchmarks build in', () => {
  test('leaves NODE_EXTRA_CA_CERTS out, keeps the rest, adds what the bench sets, and says what it left out', () => {
    const {env, dropped} = buildEnv({PATH: '/usr/bin', NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/ca-certificates.crt'}, {HUGO: '/x/hugo'})
    expect(env).toEqual({PATH: '/usr/bin', HUGO: '/x/hugo'})
    expect(dropped).toEqual(['NODE_EXTRA_CA_CERTS'])
    expect(droppedWords(dropped)).toBe('builds run without NODE_EXTRA_CA_CERTS (read by every Node process at its start; a build opens no TLS connection)')
  })

  test('an environment without it is kept whole, and nothing is said', () => {
    const {env, dropped} = buildEnv({PATH: '/usr/bin'})
    expect(env).toEqual({PATH: '/usr/bin'})
    expect(droppedWords(dropped)).toBe('')
  })
})
