import {shortRun} from './short.js'

// narratives, published Markdown and sysbench output (docs/testing.md#fuzzing)
shortRun({narrative: 50, import: 40, collect: 150})
