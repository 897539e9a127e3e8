import {readFileSync} from 'node:fs'
import {stringify} from 'yaml'
import {benchNarratives, benchReport} from './generate.js'
import {fixture} from './paths.js'

/**
 * The reports of the generated site, the fixture site of reports like users' that the bundled lane builds once
 * (test/global/generated-site.js, `inject('generated')`): the demo report, the crafted fixture, and generated
 * reports (generate.js) 0, 1, 2 and the first measured with repeats, each with its narratives (0 and a third of
 * the others translated into zh and ja).
 */

/** The first generated report measured with repeats. */
export const REPEATED = Array.from({length: 40}, (_, i) => i).find((i) => benchReport(i).results?.some((p) => p.samples)) ?? 0
const NUMBERS = [...new Set([0, 1, 2, REPEATED])]
export const GENERATED = NUMBERS.map((i) => benchReport(i))
/** Report id → its YAML. */
export const GENERATED_SITE_REPORTS = {'mariadb-demo': readFileSync(fixture('site/mariadb-demo.yaml'), 'utf8'), crafted: readFileSync(fixture('site/crafted.yaml'), 'utf8'),
  ...Object.fromEntries(GENERATED.map((r) => [r.id, stringify(r)]))}

/** The site's files: paths under the project → content. @returns {Record<string, string>} */
export const generatedSiteFiles = () => ({
  ...Object.fromEntries(Object.entries(GENERATED_SITE_REPORTS).map(([id, yaml]) => [`data/reports/${id}.yaml`, yaml])),
  ...Object.fromEntries(GENERATED.flatMap((r, n) => Object.entries(benchNarratives(r, NUMBERS[n])).map(([lang, text]) => [`content/narrative/${r.id}/${lang}.md`, text])))
})
