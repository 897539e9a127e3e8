import {describe, expect, it} from 'vitest'
import {cpuCost, formatCpuCost} from '../../bench/overhead-rounds.js'

describe('cpuCost', () => {
  it('should count what the tested side\'s own processes add beyond the reference side\'s, against sysbench and the server', () => {
    // added: (0.4 + 0.2 + 0.1) − 0.1 = 0.6; work: 70 + 29 = 99; ratio 99 / 99.6
    const cost = cpuCost({mariadbd: 72, sysbench: 28, sshd: 0.1}, {mariadbd: 70, sysbench: 29, node: 0.4, sshd: 0.2, ssh: 0.1})
    expect(cost?.added).toBeCloseTo(0.6, 12)
    expect(cost?.work).toBe(99)
    expect(cost?.ratio).toBeCloseTo(99 / 99.6, 12)
  })

  it('should give nothing when the tested side was not sampled', () => {
    expect(cpuCost({}, {})).toBeNull()
  })
})

describe('formatCpuCost', () => {
  it('should print the added CPU, its share of the measured work and the QPS ratio it predicts', () => {
    expect(formatCpuCost({added: 0.6, work: 99, ratio: 99 / 99.6}, 'over ssh')).toBe(
      'over ssh adds 0.60 % of a core, 0.61 % of the CPU sysbench and MariaDB used: on saturated cores, a QPS ratio of 0.9940'
    )
  })

  it('should say when nothing was sampled', () => {
    expect(formatCpuCost(null, 'over ssh')).toBe('nothing sampled (sides under 4 s are not)')
  })
})
