import {describe, expect, it} from 'vitest'
import * as domain from '../../tools/domain/index.js'
import {readLanguages} from '../../tools/i18n/languages.js'
import {forbiddenTermsIn} from '../../tools/i18n/terms.js'
import {mapTerms} from '../../tools/import/terms-ja.js'
import {domainData} from '../../tools/site/domain-data.js'
import {ROOT} from '../helpers/paths.js'
import {copiesOf, literals, readSource, sourceFiles} from './copies.js'

/**
 * Each domain list has one home, tools/domain; code imports it and templates
 * read it from site data. A literal copy of a list (more than half of its
 * items side by side in an array or a Hugo `slice`) anywhere else in tools/
 * or layouts/ fails here.
 */

/**
 * Every list of tools/domain by name, and the site's languages, whose home is
 * config.toml. Lists of two (`qps`, `tps`) are left out: a pair is as often
 * the words of another format (sysbench's output fields) as a copy, and each
 * is part of a longer list that is checked.
 */
const LISTS = Object.fromEntries(Object.entries({
  ...Object.fromEntries(Object.entries(domain).filter(([, v]) => Array.isArray(v) && v.every((x) => typeof x === 'string'))),
  'JA_MISTRANSLATIONS (mangled terms)': domain.JA_MISTRANSLATIONS.map(([mangled]) => mangled),
  'languages of config.toml': readLanguages(ROOT).map((l) => l.code)
}).filter(([, list]) => list.length >= 3))

/**
 * Files that still hold a copy, each to lose it in the named work; a file
 * that no longer has one must leave this list.
 * @type {Record<string, string>}
 */
const PENDING = {}

/** @param {string} file */
function copiesIn(file) {
  const tokens = literals(readSource(ROOT, file))
  return Object.entries(LISTS).flatMap(([name, list]) =>
    copiesOf(tokens, list, 3).map((c) => `${file}:${c.line}: ${name}: ${c.items.join(', ')}`))
}

const files = sourceFiles(ROOT, ['tools', 'layouts'], ['tools/domain/', 'tools/types/'])

describe('the domain lists', () => {
  it('should be found: every list of tools/domain of three items or more, and the site languages', () => {
    expect(Object.keys(LISTS).sort()).toEqual([
      'CLOSING_SECTIONS', 'COMPARABLE_SETTINGS', 'FIGURES', 'JA_MISTRANSLATIONS (mangled terms)', 'LATENCIES', 'MEASURES',
      'NARRATIVE_SECTIONS', 'PLAN_SETTINGS', 'SYSBENCH_WORKLOADS', 'languages of config.toml'
    ])
  })

  it('should have no literal copy in tools/ or layouts/ outside tools/domain', () => {
    expect(files.filter((f) => !(f in PENDING)).flatMap(copiesIn)).toEqual([])
  })

  it.each(Object.entries(PENDING))('should still have a copy in %s, or it leaves the pending list (%s)', (file) => {
    expect(copiesIn(file).length).toBeGreaterThan(0)
  })

  it('should reach the templates as site data, as tools/domain has them', () => {
    expect(domainData()).toEqual({
      measures: ['qps', 'tps', 'latency_avg', 'latency_p95', 'latency_max', 'errors', 'reconnects'],
      plan_settings: ['db_driver', 'database', 'tables', 'table_size', 'time', 'warmup_time', 'warmup_method', 'report_interval', 'rand_type', 'prepare_threads', 'clients', 'pause'],
      narrative_sections: ['purpose', 'conclusions', 'problems', 'advice', 'unmapped'],
      closing_sections: ['conclusions', 'problems', 'advice', 'unmapped'],
      workloads: domain.SYSBENCH_WORKLOADS
    })
    // the plan's settings reach the page through its view model (tools/site/facts-model.js imports PLAN_SETTINGS)
    expect(readSource(ROOT, 'layouts/_partials/report/plan.html')).toContain('{{ partial "report/facts.html" $p.settings }}')
    expect(readSource(ROOT, 'tools/site/facts-model.js')).toContain("import {PLAN_SETTINGS} from '../domain/index.js'")
  })
})

describe('copiesOf', () => {
  const find = (/** @type {string} */ text, /** @type {readonly string[]} */ list) => copiesOf(literals(text), list, 3)

  it('should find a list in an array, over lines, and in a Hugo slice', () => {
    expect(find("const k = ['tps', 'latency_avg', 'latency_p95']", domain.FIGURES)).toEqual([{line: 1, items: ['tps', 'latency_avg', 'latency_p95']}])
    expect(find("x\nconst k = [\n  'conclusions',\n  'problems', 'advice']", domain.NARRATIVE_SECTIONS)).toEqual([{line: 3, items: ['conclusions', 'problems', 'advice']}])
    expect(find('{{ range slice "conclusions" "problems" "advice" "unmapped" }}', domain.CLOSING_SECTIONS)).toEqual([{line: 1, items: ['conclusions', 'problems', 'advice', 'unmapped']}])
  })

  it('should not take for a copy a type union, a chosen few or literals apart', () => {
    expect(find("/** @type {'qps' | 'tps' | 'latency_avg'} */", domain.FIGURES)).toEqual([])
    expect(find("const two = ['qps', 'tps']", domain.FIGURES)).toEqual([])
    expect(find("const five = ['oltp_point_select', 'oltp_read_only', 'oltp_read_write', 'oltp_update_index', 'oltp_insert']", domain.SYSBENCH_WORKLOADS)).toEqual([])
    expect(find("if (m === 'qps') f('tps', 'latency_avg')", domain.FIGURES)).toEqual([])
  })
})

describe('the mangled Japanese terms, one list for the importer and the checks', () => {
  it('should be refused once where a longer one holds a shorter one', () => {
    expect(forbiddenTermsIn('TPPSについて と TPPS')).toEqual([
      {term: 'TPPSについて', expected: 'TPS', index: 0},
      {term: 'TPPS', expected: 'TPS', index: 11}
    ])
  })

  it('should be mapped back on import, the longer first', () => {
    expect(mapTerms('TPPSについて と TPPS')).toEqual({text: 'TPS と TPS', hits: [{from: 'TPPSについて', to: 'TPS'}, {from: 'TPPS', to: 'TPS'}]})
  })
})
