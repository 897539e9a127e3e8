import rehypeSanitize from 'rehype-sanitize'
import rehypeStringify from 'rehype-stringify'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import {unified} from 'unified'

/**
 * Narrative Markdown as HTML for the pages, rendered here rather than by
 * Hugo's RenderString, so that nothing in a narrative runs: `{{< shortcode >}}`
 * stays text, raw HTML is dropped (remark-rehype without
 * allowDangerousHtml), and rehype-sanitize (GitHub's allow-list) removes
 * event handlers, `javascript:` links and the like from what remains. Hugo
 * prints the result as it is.
 */
const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSanitize).use(rehypeStringify)

/**
 * @param {string} markdown  one narrative section
 * @returns {string}  safe HTML
 */
export function renderNarrativeHtml(markdown) {
  return String(processor.processSync(markdown))
}
