import {coordinateText, metricOf} from '../../derive/report.js'
import {repeatsNeeded} from '../../derive/stats.js'
import {noiseOf, sampleValues, verdictSettings} from '../../derive/verdict.js'

/** Repeats that spread more than the verdict margin δ: at that noise (as `benchdoc noise` has it) ±δ takes 16 repeats or more (docs/validating.md). @type {import('./context.js').ReportRule} */
export const noisyRepeats = {
  name: 'noisy-repeats',
  check({report, results, planClients, doc, warning}) {
    const [metric, {margin}] = [metricOf(report), verdictSettings(report)]
    results.forEach((p, i) => {
      const cv = noiseOf([sampleValues(p, metric).map(Math.log)]).cv ?? 0
      if (cv * 100 > margin) warning('noisy-repeats', ['results', i, 'samples'], `Noisy repeats of ${p.subject} × ${p.workload} × ${coordinateText(p, planClients)}: ${metric} CV ${(cv * 100).toFixed(1)} % over ${p.samples?.length} repeats, expected at most the verdict margin ${margin} %; ±${margin} % at 80 % power would need ${repeatsNeeded(cv, margin / 100)} repeats per subject (\`benchdoc noise ${doc.file}\` pools the workload's points)`)
    })
  }
}
