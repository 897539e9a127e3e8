import {describe, expect, test} from 'vitest'
import {compareVersions, environmentKey, indexOrder, versionKey} from '../../tools/derive/versions.js'

describe('versionKey and compareVersions', () => {
  test('should read the numbers of a version, a pre-release before its release', () => {
    expect(versionKey('v6.0.0 DMR')).toEqual([6, 0, 0])
    expect(versionKey('v2.0.0-rc6')).toEqual([2, 0, 0, -1, 6])
    expect(versionKey('10.11')).toEqual([10, 11])
  })
  test('should order versions numerically, not as text', () => {
    expect(['v10.0', 'v2.0.0', 'v2.0.0-rc6', 'v2.1.13', 'v4.0'].sort(compareVersions)).toEqual(['v2.0.0-rc6', 'v2.0.0', 'v2.1.13', 'v4.0', 'v10.0'])
  })
})

describe('indexOrder', () => {
  test('should put an undated report before the dated reports of older versions of its product', () => {
    const reports = [
      {id: 'v3', product: 'TiDB', date: '2019-06', version: 'v3.0.0'},
      {id: 'v2', product: 'TiDB', date: '2018-04', version: 'v2.0.0'},
      {id: 'v4', product: 'TiDB', date: null, version: 'v4.0'},
      {id: 'v8', product: 'TiDB', date: null, version: 'v8.1.0'},
      {id: 'old', product: 'TiDB', date: null, version: 'v1.0'},
      {id: 'maria', product: 'MariaDB', date: '2020-01', version: '10.5'}
    ]
    expect(indexOrder(reports)).toEqual(['maria', 'v8', 'v4', 'v3', 'v2', 'old'])
  })
})

describe('environmentKey', () => {
  test('should be equal for the same instances in any order and the same data set, and differ otherwise', () => {
    const a = {environment: {instances: [{role: 'TiKV', instance_type: 'i3.4xlarge', count: 3}, {role: 'TiDB', instance_type: 'c5.4xlarge', count: 3}]}, plan: {tables: 16, table_size: 10000000}}
    const b = {environment: {instances: [...a.environment.instances].reverse()}, plan: {tables: 16, table_size: 10000000}}
    expect(environmentKey(a)).toBe(environmentKey(b))
    expect(environmentKey(a)).not.toBe(environmentKey({...b, plan: {tables: 32, table_size: 10000000}}))
  })
})
