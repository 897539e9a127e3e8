import {execFileSync} from 'node:child_process'
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {tempFolder} from '../helpers/temp.js'
import {SHAPES} from './shapes-spec.js'

/**
 * A documentation repository as a team moving to benchdoc has one: the same
 * reports in en, zh and ja, copied into each doc-version folder (v9.0/,
 * v9.1/), committed to git at two dates, with pages that are no reports.
 * The reports are the importer's shape fixtures (our own words and numbers).
 *
 *   v9.0 (committed 2024-02-10): scale-out in en, zh (front matter dated
 *     2023-11-20), ja; v9.4-vs-v9.3 in en, zh; an overview page
 *   v9.1 (committed 2024-06-01): v9.4-vs-v9.3 in en, zh, ja; scale-out in en
 *     with one figure corrected (another result set, same title and versions);
 *     TiDB vs MySQL in en and zh (dated in its text); a how-to page that
 *     names sysbench but has no results
 *
 * @returns {string}  the repository's folder (`docs/`), removed after the test
 */
export function docTree() {
  const root = join(tempFolder('benchdoc-doctree-'), 'docs')
  const shape = (/** @type {string} */ name) => readFileSync(join(SHAPES, name), 'utf8')
  // Every published report names sysbench; these fixtures do in their front matter.
  const front = (/** @type {string} */ text, extra = '') => `---\nsummary: Results of sysbench runs.\n${extra}---\n\n${text}`
  /** @param {Record<string, string>} files @param {string} date @param {string} message */
  const commit = (files, date, message) => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), {recursive: true})
      writeFileSync(join(root, path), text)
    }
    git(['add', '-A'])
    git(['-c', 'user.name=Docs', '-c', 'user.email=docs@example.com', 'commit', '-q', '-m', message], {GIT_AUTHOR_DATE: `${date}T10:00:00Z`, GIT_COMMITTER_DATE: `${date}T10:00:00Z`})
  }
  /** @param {string[]} args @param {Record<string, string>} [env] */
  const git = (args, env = {}) => execFileSync('git', args, {cwd: root, env: {...process.env, ...env}, stdio: 'ignore'})
  mkdirSync(root, {recursive: true})
  git(['init', '-q'])
  const headlines = {en: front(shape('en-headlines.md')), zh: front(shape('zh-headlines.md')), ja: front(shape('ja-headlines.md'))}
  commit({
    'en/v9.0/benchmark/sysbench-scale-out.md': front(shape('en-scaling.md')),
    'zh/v9.0/benchmark/sysbench-scale-out.md': front(shape('zh-scaling.md'), 'date: 2023-11-20\n'),
    'ja/v9.0/benchmark/sysbench-scale-out.md': front(shape('ja-scaling.md')),
    'en/v9.0/benchmark/sysbench-v9.4-vs-v9.3.md': headlines.en,
    'zh/v9.0/benchmark/sysbench-v9.4-vs-v9.3.md': headlines.zh,
    'en/v9.0/overview.md': '# Overview\n\nA distributed SQL database.\n'
  }, '2024-02-10', 'docs for v9.0')
  commit({
    'en/v9.1/benchmark/sysbench-v9.4-vs-v9.3.md': headlines.en,
    'zh/v9.1/benchmark/sysbench-v9.4-vs-v9.3.md': headlines.zh,
    'ja/v9.1/benchmark/sysbench-v9.4-vs-v9.3.md': headlines.ja,
    'en/v9.1/benchmark/sysbench-scale-out.md': front(shape('en-scaling.md').replace('| 190450.60 |', '| 190455.60 |')),
    'en/v9.1/benchmark/sysbench-tidb-vs-mysql.md': shape('en-two-scenarios.md'),
    'zh/v9.1/benchmark/sysbench-tidb-vs-mysql.md': shape('zh-two-scenarios.md'),
    'en/v9.1/benchmark/how-to-run-sysbench.md': '# How to run sysbench against TiDB\n\nInstall sysbench, prepare the tables, then run:\n\n```shell\nsysbench oltp_point_select --threads=64 run\n```\n'
  }, '2024-06-01', 'docs for v9.1')
  return root
}
