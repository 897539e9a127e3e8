import {describe, expect, it} from 'vitest'
import {pendingPoints} from '../../tools/derive/pending.js'

describe('pendingPoints', () => {
  const report = {
    plan: {workloads: [{name: 'oltp_point_select', threads: [1, 2, 4]}, {name: 'oltp_read_write', threads: [2]}, {name: 'oltp_insert'}]},
    results: [
      {subject: 'a', workload: 'oltp_point_select', threads: 2},
      {subject: 'b', workload: 'oltp_point_select', threads: 1},
      {subject: 'a', workload: 'oltp_read_write', threads: 2}
    ]
  }

  it('should list the plan\'s thread counts a subject has no result for, by workload in the plan\'s order', () => {
    expect(pendingPoints(report, 'a')).toEqual([{workload: 'oltp_point_select', threads: [1, 4]}])
    expect(pendingPoints(report, 'b')).toEqual([{workload: 'oltp_point_select', threads: [2, 4]}, {workload: 'oltp_read_write', threads: [2]}])
  })

  it('should list every planned point of a subject without results, and nothing for a report without results', () => {
    expect(pendingPoints({plan: report.plan}, 'a')).toEqual([{workload: 'oltp_point_select', threads: [1, 2, 4]}, {workload: 'oltp_read_write', threads: [2]}])
  })
})
