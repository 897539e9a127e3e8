/**
 * The domain's vocabulary: every list more than one capability needs, written once;
 * templates read it as `site.Data.domain`. This folder imports nothing else of tools/;
 * a test fails on a literal copy of a list. The site's languages are in config.toml.
 */
export {COUNTS, FIGURES, LATENCIES, MEASURES, THROUGHPUTS} from './measures.js'
export {CLOSING_SECTIONS, NARRATIVE_SECTIONS} from './narrative.js'
export {COMPARABLE_SETTINGS, PLAN_SETTINGS} from './plan.js'
export {SYSBENCH_WORKLOADS} from './workloads.js'
export {JA_MISTRANSLATIONS} from './terms.js'
