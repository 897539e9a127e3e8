import {shortRun} from './short.js'

// narratives, published Markdown and sysbench output (docs/testing.md#fuzzing)
shortRun({narrative: 60, import: 50, collect: 200})
