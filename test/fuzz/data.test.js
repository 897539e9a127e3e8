import {shortRun} from './short.js'

// report YAML, plans, and the export of report YAML read back (docs/testing.md#fuzzing)
shortRun({report: 60, plan: 120, export: 20})
