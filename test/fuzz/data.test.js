import {shortRun} from './short.js'

// report YAML, plans, and the export of report YAML read back (docs/testing.md#fuzzing)
shortRun({report: 80, plan: 150, export: 30})
