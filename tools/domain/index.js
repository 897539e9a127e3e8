/**
 * The domain's vocabulary: every list more than one capability needs, written
 * once. Templates read it from site data the build writes (`site.Data.domain`,
 * tools/site/domain-data.js). This folder imports nothing else of tools/; a
 * test fails on a literal copy of a list elsewhere. The site's languages live
 * in config.toml (tools/i18n/languages.js).
 */
export {COUNTS, FIGURES, LATENCIES, MEASURES, THROUGHPUTS} from './measures.js'
export {CLOSING_SECTIONS, NARRATIVE_SECTIONS} from './narrative.js'
export {COMPARABLE_SETTINGS, PLAN_SETTINGS} from './plan.js'
export {SYSBENCH_WORKLOADS} from './workloads.js'
export {JA_MISTRANSLATIONS} from './terms.js'
