import {baseline, kindSubjects, uniqueSubject} from './subjects.js'
import {textSource} from './text-source.js'
import {chartSize, uniqueWorkload} from './workloads.js'
import {headlineReferences, parameterReferences} from './references.js'
import {dimensions} from './dimensions.js'
import {points} from './points.js'
import {partialRun, sameThreads, subjectHasResults} from './coverage.js'
import {checkSuspicious} from '../suspicious.js'

/**
 * The rules of a report a schema cannot express, in order, a named rule each (test/validate/rules.test.js).
 * @type {ReadonlyArray<import('./context.js').ReportRule>}
 */
export const RULES = [
  uniqueSubject,
  kindSubjects,
  baseline,
  textSource,
  uniqueWorkload,
  chartSize,
  parameterReferences,
  dimensions,
  points,
  subjectHasResults,
  partialRun,
  sameThreads,
  headlineReferences,
  {name: 'suspicious', check: ({report, warning}) => checkSuspicious(report, warning)}
]

export {ruleContext} from './context.js'
export {POINT_RULES} from './points.js'
