export {readExport} from './read.js'
export {exportFactsOf} from './front-matter.js'
