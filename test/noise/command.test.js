import {describe, expect, it} from 'vitest'
import {main} from '../../tools/cli.js'
import {ROOT} from '../helpers/paths.js'

/** @param {string[]} argv */
async function noise(argv) {
  let out = ''
  let err = ''
  const code = await main(['noise', ...argv], {out: (t) => void (out += t), err: (t) => void (err += t), cwd: ROOT, env: {}})
  return {code, out, err}
}

describe('benchdoc noise', () => {
  it('should print each workload’s pooled CV and the repeats a margin needs at 80 % power', async () => {
    expect(await noise(['test/fixtures/verdict/repeats.yaml', '--margin', '1'])).toEqual({
      code: 0,
      err: '',
      out: [
        'test/fixtures/verdict/repeats.yaml: repeats per subject for ±1 % at 80 % power',
        '  oltp_read_only tps: CV 1.14 % (df 12) → 21 repeats',
        '  oltp_read_only latency_p95: CV 1.62 % (df 12) → 42 repeats',
        '  oltp_read_write tps: CV 0.87 % (df 12) → 12 repeats',
        '  oltp_read_write latency_p95: CV 1.59 % (df 12) → 40 repeats',
        ''
      ].join('\n')
    })
  })

  it('should say so when a report has no repeats', async () => {
    const {code, out} = await noise(['data/reports/tidb-v6.0.0-vs-v5.1.4.yaml'])
    expect(code).toBe(0)
    expect(out.split('\n')[1]).toBe('  oltp_point_select tps: no repeats, no noise estimate')
  })

  it('should exit 2 on a margin that is not a percentage', async () => {
    const {code, err} = await noise(['x.yaml', '--margin', 'abc'])
    expect([code, err]).toEqual([2, 'benchdoc noise: Unexpected --margin `abc`, expected a percentage above 0\n'])
  })
})
