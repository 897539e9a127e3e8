/**
 * Terms that machine translation into Japanese mangled in published reports,
 * each with the term it should have stayed; longest first, so `TPPSについて`
 * is found before the `TPPS` inside it.
 */
export const JA_MISTRANSLATIONS = /** @type {ReadonlyArray<readonly [string, string]>} */ ([
  ['TPPSについて', 'TPS'],
  ['品質保証', 'QPS'],
  ['システムベンチ', 'Sysbench'],
  ['TiDB専用', 'TiDB Dedicated'],
  ['専用層', 'Dedicated Tier'],
  ['ティクヴ', 'TiKV'],
  ['ティビ', 'TiDB'],
  ['TPPS', 'TPS'],
  ['特大', 'xlarge']
])
