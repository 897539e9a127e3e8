import rehypeSanitize from 'rehype-sanitize'
import rehypeStringify from 'rehype-stringify'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import {unified} from 'unified'
import {keptSection} from './sections.js'

/**
 * Narrative Markdown as HTML for the pages, here rather than by Hugo's RenderString so
 * that nothing in a narrative runs: shortcodes stay text, raw HTML is dropped, and
 * rehype-sanitize removes event handlers, `javascript:` links and the like.
 */
const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSanitize).use(rehypeStringify)

/**
 * @param {string} markdown  one narrative section
 * @returns {string}  safe HTML
 */
export function renderNarrativeHtml(markdown) {
  // a section parse.js read is rendered from its syntax tree, not parsed again (sections.js)
  const nodes = keptSection(markdown)
  if (!nodes) return String(processor.processSync(markdown))
  return String(processor.stringify(processor.runSync({type: 'root', children: nodes})))
}
