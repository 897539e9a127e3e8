// One reader of content/narrative/: each file is read once and parsed once;
// validate, i18n, site and review take the parsed result from here.
export {parseFront, parseNarrative} from './parse.js'
export {frontMatterProblems, listNarratives, readNarratives, reportNarratives} from './read.js'
