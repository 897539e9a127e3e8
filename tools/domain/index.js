/**
 * The domain's vocabulary: every list that more than one capability needs,
 * written once. Code imports it from here; templates read it from site data
 * that the build writes from it (`.benchdoc/data/domain.json`, as
 * `site.Data.domain`; tools/site/domain-data.js). This folder imports nothing
 * else of tools/, so any folder may import it. A test (test/domain/) fails
 * when a literal copy of one of these lists appears elsewhere in tools/ or
 * layouts/.
 *
 * The site's languages are not here: their one home is config.toml
 * (`[languages.*]`), read by tools/i18n/languages.js.
 */
export {COUNTS, FIGURES, LATENCIES, MEASURES, THROUGHPUTS} from './measures.js'
export {CLOSING_SECTIONS, NARRATIVE_SECTIONS} from './narrative.js'
export {COMPARABLE_SETTINGS, PLAN_SETTINGS} from './plan.js'
export {SYSBENCH_WORKLOADS} from './workloads.js'
export {JA_MISTRANSLATIONS} from './terms.js'
