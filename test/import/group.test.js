import {describe, expect, it} from 'vitest'
import {groupImports, newestFirst} from '../../tools/import/group.js'
import {docVersionOf} from '../../tools/import/scan.js'
import {importMarkdown} from '../../tools/import/import.js'
import {formatProblem} from '../../tools/lib/problems.js'
import {shapeSource} from './shapes-spec.js'

/**
 * How `benchdoc import DIR` tells reports apart and picks the file it reads:
 * by figures, the newest doc version of the first language.
 */

/**
 * A member as the command makes one: a shape fixture, possibly changed, at a path.
 * @param {string} name  the fixture
 * @param {string} rel  its path in the documentation tree
 * @param {(text: string) => string} [edit]
 * @returns {import('../../tools/import/group.js').Member}
 */
function member(name, rel, edit = (t) => t) {
  const text = edit(shapeSource(name))
  const {result, problems} = importMarkdown(text, {path: rel})
  if (!result) throw new Error(problems.map(formatProblem).join('\n'))
  return {shown: rel, path: rel, text, rel, docVersion: docVersionOf(rel), fromFolder: true, result, problems}
}

describe('grouping the reports of a documentation tree', () => {
  it('should order doc versions newest first: dev, then stable, then by number, then none', () => {
    const versions = [null, 'v5.4', 'stable', 'v6.0', '5.10', 'dev', 'v5.9.1']
    expect([...versions].sort(newestFirst)).toEqual(['dev', 'stable', 'v6.0', '5.10', 'v5.9.1', 'v5.4', null])
  })

  it('should take the doc version from the innermost folder named like one', () => {
    expect(docVersionOf('zh/v5.4/benchmark/x.md')).toBe('v5.4')
    expect(docVersionOf('v3.0/dev/x.md')).toBe('dev')
    expect(docVersionOf('benchmark/v6.0-performance.md')).toBe(null)
  })

  it('should read the data from the first language of the site, newest doc version first, without English too', () => {
    const {groups} = groupImports([
      member('ja-headlines.md', 'ja/v9.1/r.md'),
      member('zh-headlines.md', 'zh/v9.0/r.md'),
      member('zh-headlines.md', 'zh/v9.1/r.md')
    ], ['en', 'zh', 'ja'])
    expect(groups.map((g) => [g.id, g.primary.rel, g.readers.map((m) => m.rel), g.aliases.map((m) => m.rel)])).toEqual([
      ['tidb-v9.4.0-vs-v9.3.0', 'zh/v9.1/r.md', ['zh/v9.1/r.md', 'ja/v9.1/r.md'], ['zh/v9.0/r.md']]
    ])
  })

  it('should keep apart a report that has only part of the figures of another with its title, and say so', () => {
    const cut = (/** @type {string} */ t) => t.replace('| 100 | 86893.20 | 90821.45 |\n', '')
    const {groups, problems} = groupImports([member('en-headlines.md', 'en/v9.1/r.md'), member('en-headlines.md', 'en/v9.0/r.md', cut)], ['en', 'zh', 'ja'])
    expect(groups.map((g) => [g.id, g.primary.rel])).toEqual([['tidb-v9.4.0-vs-v9.3.0', 'en/v9.1/r.md'], ['tidb-v9.4.0-vs-v9.3.0-2', 'en/v9.0/r.md']])
    expect(problems.map(formatProblem)).toEqual([
      'en/v9.0/r.md:1:1: warning: Same title and versions as en/v9.1/r.md (`tidb-v9.4.0-vs-v9.3.0`), but that report has 2 points more than its 6; imported apart as `tidb-v9.4.0-vs-v9.3.0-2` [group-apart]'
    ])
  })

  it('should give the id of `--id` to the one report', () => {
    const {groups} = groupImports([member('en-headlines.md', 'a.md'), member('zh-headlines.md', 'b.md')], ['en', 'zh', 'ja'], 'my-report')
    expect(groups.map((g) => g.id)).toEqual(['my-report'])
  })
})
