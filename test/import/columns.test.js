import {describe, expect, it} from 'vitest'
import {readHeader, rowCountIn} from '../../tools/import/columns.js'

describe('rowCountIn', () => {
  it('should read a table size with its unit, in a header or a cell', () => {
    expect(rowCountIn('table size (10 million rows)')).toBe(10_000_000)
    expect(rowCountIn('500万')).toBe(5_000_000)
    expect(rowCountIn('1,000,000 rows')).toBe(1_000_000)
  })

  it('should read no size from the end of another number (test/fuzz/regressions/import/table-size-inside-a-number.md, table-size-unit-inside-a-number.md)', () => {
    expect(rowCountIn('5e-324万')).toBe(null)
    expect(rowCountIn('1.5.3 million')).toBe(null)
    expect(rowCountIn('1m,000,000')).toBe(null)
  })
})

describe('readHeader', () => {
  it('should read a subject named with its variant in full-width brackets, as zh and ja pages name it, as one in half-width brackets', () => {
    const subjects = [{id: 'v9.2.0', product: 'TiDB', version: 'v9.2.0'}]
    for (const header of ['v9.2.0（调优模式） TPS', 'v9.2.0（调优模式）TPS', 'v9.2.0 (调优模式) TPS', 'TiDB v9.2.0（チューニングモード） TPS']) {
      expect(readHeader(header, subjects), header).toEqual({subject: 'v9.2.0', variant: header.includes('调优') ? '调优模式' : 'チューニングモード', dims: {}, components: {}})
    }
  })
})
