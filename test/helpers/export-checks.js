import {spawnSync} from 'node:child_process'
import {join} from 'node:path'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import {unified} from 'unified'
import {visit} from 'unist-util-visit'
import {CJK_PUNCTUATION} from '../../tools/export/text.js'
import {ROOT, fixture} from './paths.js'

/**
 * What a documentation repository's CI checks in a Markdown file, beside its
 * lint: the pinned markdownlint-cli with the rules of
 * test/fixtures/markdownlint/config.json, and the checks below. Not a test
 * file: vitest only collects `*.test.js`.
 */

/**
 * The pinned markdownlint-cli on files: its exit code and every message.
 * @param {string[]} files
 */
export function markdownlint(files) {
  const bin = join(ROOT, 'node_modules', '.bin', 'markdownlint')
  const run = spawnSync(bin, ['--config', fixture('markdownlint/config.json'), ...files], {encoding: 'utf8'})
  return {status: run.status, messages: `${run.stdout}${run.stderr}`.split('\n').filter(Boolean)}
}

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ['yaml'])

/** HTML elements that have no closing tag. */
const VOID = new Set(['br', 'img', 'hr', 'wbr'])

/**
 * The other checks, each problem as `line: what`: a line break inside a
 * paragraph, a control character, an HTML tag left open or closed twice,
 * typographic or full-width punctuation in code, and in an English file CJK
 * punctuation outside text marked as another language (`<span lang="zh">`).
 * @param {string} text  a whole Markdown file
 * @param {string} lang  its language
 * @returns {string[]}
 */
export function otherProblems(text, lang) {
  /** @type {string[]} */
  const problems = []
  const lineOf = (/** @type {number} */ offset) => text.slice(0, offset).split('\n').length
  for (const m of text.matchAll(/[\u0000-\u0008\u000b-\u001f\u007f]/g)) problems.push(`${lineOf(m.index ?? 0)}: control character U+${(m[0].codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`)
  const tree = processor.parse(text)
  /** @type {Array<{name: string, line: number}>} */
  const open = []
  visit(tree, (node) => {
    const start = node.position?.start.offset ?? 0
    const line = node.position?.start.line ?? 0
    if (node.type === 'paragraph' && text.slice(start, node.position?.end.offset).includes('\n')) problems.push(`${line}: line break inside a paragraph`)
    if (node.type === 'code' || node.type === 'inlineCode') {
      if (/[\u201c\u201d\u2018\u2019]/.test(node.value) || CJK_PUNCTUATION.test(node.value)) problems.push(`${line}: typographic or full-width punctuation in code`)
    }
    if (node.type === 'html') for (const tag of node.value.matchAll(/<(\/?)([a-z][a-z0-9-]*)\b[^>]*?(\/?)>/gi)) {
      const name = tag[2].toLowerCase()
      if (VOID.has(name) || tag[3]) continue
      if (!tag[1]) open.push({name, line})
      else if (open.at(-1)?.name === name) open.pop()
      else problems.push(`${line}: closing tag </${name}> without its opening tag`)
    }
  })
  for (const o of open) problems.push(`${o.line}: <${o.name}> never closed`)
  if (!/^(zh|ja|ko)\b/.test(lang)) {
    // what is marked as another language's text may carry that language's punctuation
    const unmarked = text.replace(/<(span|div) lang="(?:zh|ja|ko)[^"]*">[\s\S]*?<\/\1>/g, '')
    for (const m of unmarked.matchAll(new RegExp(CJK_PUNCTUATION.source, 'g'))) problems.push(`line ${unmarked.slice(0, m.index).split('\n').length} (marked text removed): CJK punctuation ${m[0]}`)
  }
  return problems
}
