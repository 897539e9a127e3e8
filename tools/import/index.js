export {default as remarkBenchdocImport} from './plugin.js'
export {importMarkdown, MAX_BYTES} from './import.js'
