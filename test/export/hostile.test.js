import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {toString} from 'mdast-util-to-string'
import {defaultSchema} from 'rehype-sanitize'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import {unified} from 'unified'
import {visit} from 'unist-util-visit'
import {describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {main} from '../../tools/cli.js'
import {importMarkdown} from '../../tools/import/import.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {HOSTILE, hostileReport} from '../helpers/hostile-report.js'
import {tempFolder} from '../helpers/temp.js'

const LANGS = ['en', 'zh', 'ja']
const processor = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter)

/** A narrative of every section kind with the same hostile strings in HTML and links. */
const NARRATIVE = `---\nreport: hostile\nlang: en\n---\n\nIntro <script>alert(1)</script>.\n\n## Purpose {#purpose}\n\nWhy <img src=x onerror=alert(1)> [x](javascript:alert(1)) ![y](data:text/html,z) [ok](https://example.com).\n\n## \`oltp_point_select\` {#workload-oltp_point_select}\n\n<svg onload=alert(1)></svg>\n`

/**
 * What in a Markdown export would run or mislead where it is rendered with HTML allowed: an HTML
 * tag or attribute the pages' sanitiser (rehype-sanitize's schema) does not keep, a `javascript:`
 * or `data:` link or image.
 * @param {string} markdown
 */
function unsafe(markdown) {
  const tree = processor.parse(markdown)
  /** @type {string[]} */
  const found = []
  const allowed = (/** @type {string} */ tag, /** @type {string} */ attr) =>
    [...(defaultSchema.attributes?.['*'] ?? []), ...(defaultSchema.attributes?.[tag] ?? [])].some((a) => (Array.isArray(a) ? a[0] : a).toLowerCase() === attr.toLowerCase())
  visit(tree, (node) => {
    if (node.type === 'html') {
      for (const [, tag, attrs] of node.value.replace(/<!--[\s\S]*?-->/g, '').matchAll(/<\/?([a-z][\w-]*)([^>]*)>?/gi)) {
        if (!defaultSchema.tagNames?.includes(tag.toLowerCase())) found.push(`tag ${node.value}`)
        for (const [, attr] of attrs.matchAll(/([^\s=/"']+)(?:=(?:"[^"]*"|'[^']*'|\S+))?/g)) if (!allowed(tag, attr)) found.push(`attribute ${node.value}`)
      }
    }
    if ((node.type === 'link' || node.type === 'image') && /^\s*(javascript|data|vbscript):/i.test(node.url)) found.push(`${node.type} ${node.url}`)
  })
  return found
}

/** @param {string} markdown  the body's visible text, without the front matter */
const visible = (markdown) => toString({type: 'root', children: processor.parse(markdown).children.filter((n) => n.type !== 'yaml')})

describe('an export of a report whose every string field is hostile', () => {
  it('should find the fields the validator lets hold markup: titles, labels, notes, names, parameters, environment, topology, plan, errors, aliases, dimensions', () => {
    expect(hostileReport().paths).toEqual(expect.arrayContaining([
      'title', 'place', 'author.zh', 'author.en', 'aliases.en.0', 'subjects.0.label', 'subjects.0.variant', 'subjects.0.version', 'dimensions.0.component',
      'environment.cloud.provider', 'environment.machines.0.cpu', 'environment.notes.0', 'topology.0.hosts.0', 'parameters.0.component',
      'parameters.0.note', 'plan.database', 'plan.steps.0', 'results.3.error'
    ]))
  })

  it.each(HOSTILE.map((h) => [h]))('should show %s as text in every language, plain and --docs, with nothing that runs, and read back the same', async (hostile) => {
    const {yaml} = hostileReport(hostile)
    const {root} = fixtureSite({'data/reports/hostile.yaml': yaml, 'content/narrative/hostile/en.md': NARRATIVE})
    const io = {cwd: root, env: {}, out: () => {}, err: (/** @type {string} */ t) => void (err += t)}
    let err = ''
    const plain = tempFolder('benchdoc-plain-')
    const docs = tempFolder('benchdoc-docs-')
    expect(await main(['export', 'hostile', '--out', plain], io), err).toBe(0)
    expect(await main(['export', 'hostile', '--docs', '--out', docs], io), err).toBe(0)
    for (const lang of LANGS) {
      for (const file of [join(plain, lang, 'hostile.md'), join(docs, lang, 'benchmark', 'hostile.md')]) {
        const md = readFileSync(file, 'utf8')
        expect(unsafe(md), file).toEqual([])
        expect(visible(md), file).toContain(hostile)
        expect(parse(md.split('---\n')[1]).title, file).toBe(`${hostile}0`)
        // a product or version with a space and a point's sysbench version too: the sidecar has them
        const {result, problems} = importMarkdown(md, {path: 'hostile.md', file})
        expect(problems.filter((p) => p.severity === 'error'), file).toEqual([])
        expect(parse(result?.yaml ?? ''), file).toEqual(parse(yaml))
      }
    }
  }, 60_000)
})
