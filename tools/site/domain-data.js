import {CLOSING_SECTIONS, MEASURES, NARRATIVE_SECTIONS, PLAN_SETTINGS, SYSBENCH_WORKLOADS} from '../domain/index.js'

/**
 * The lists of tools/domain that templates need, as Hugo data (`site.Data.domain`): a template
 * loops over `site.Data.domain.plan_settings` instead of naming the keys.
 */
export function domainData() {
  return {
    measures: MEASURES,
    plan_settings: PLAN_SETTINGS,
    narrative_sections: NARRATIVE_SECTIONS,
    closing_sections: CLOSING_SECTIONS,
    workloads: SYSBENCH_WORKLOADS
  }
}
