/**
 * Terms that machine translation into Japanese mangled in published reports,
 * each with the term it should have stayed. `benchdoc import` maps them back
 * (with a warning); `benchdoc i18n check` refuses them in labels and
 * narratives. Longest first, so that `TPPSについて` ("about TPPS", for TPS)
 * is found before the `TPPS` inside it and `TiDB専用` before parts of it.
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
