import {shortRun} from './short.js'

// narratives, published Markdown and sysbench output (docs/testing.md#fuzzing)
shortRun({narrative: 80, import: 60, collect: 200})
