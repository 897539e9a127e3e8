import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {run} from '../../tools/i18n/command.js'
import {tempFolder} from '../helpers/temp.js'

/**
 * A small reports repository in a temp folder, for `benchdoc i18n` tests; the
 * folder is removed when the test (or, made outside a test, the file) is done.
 * Not a test file: vitest only collects `*.test.js`.
 *
 * @param {Record<string, string>} files  path → content
 */
export function project(files) {
  const dir = tempFolder('benchdoc-i18n-')
  // a reports repository: its config.toml (the languages, if given) marks it as one
  for (const [path, text] of Object.entries({...files, 'config.toml': `${files['config.toml'] ?? ''}[params.benchdoc]\n`})) {
    mkdirSync(dirname(join(dir, path)), {recursive: true})
    writeFileSync(join(dir, path), text)
  }
  return {
    dir,
    /** @param {string} path */
    read: (path) => readFileSync(join(dir, path), 'utf8'),
    /** @param {string} path @param {string} text */
    write: (path, text) => writeFileSync(join(dir, path), text),
    /** @param {string[]} argv */
    run: async (argv) => {
      let out = ''
      let err = ''
      const code = await run(argv, {out: (t) => void (out += t), err: (t) => void (err += t), cwd: dir, env: {}})
      return {code, out, err, lines: err.split('\n').filter(Boolean)}
    }
  }
}

/** Hugo's language list, in the order tools take it (by weight). */
export const CONFIG = `defaultContentLanguage = "en"
[languages]
  [languages.en]
    languageName = "English"
    weight = 1
  [languages.zh]
    languageName = "中文"
    languageCode = "zh-CN"
    weight = 2
  [languages.ja]
    languageName = "日本語"
    weight = 3
`

/** Labels, identical keys in each language. */
export const LABELS = {
  en: 'site_title: "Sysbench performance reports"\nresult_qps: "QPS"\nsite_generated: "Generated from {{ .id }}.yaml"\n',
  zh: 'site_title: "Sysbench 性能测试报告"\nresult_qps: "QPS"\nsite_generated: "由 {{ .id }}.yaml 生成"\n'
}

/** A source narrative: purpose at line 6, conclusions at line 10. */
export const EN = `---
report: r
lang: en
---

## Purpose {#purpose}

TiDB v6.0.0 ran on six servers with \`raftstore.store-pool-size\` set to 4; see [the docs](https://docs.pingcap.com/tidb).

## Conclusions {#conclusions}

- Point select improves by 5.055%, update index by 4.5%.
- From 1,000 threads up it leads.
`

/** A faithful zh translation of EN, same lines. */
export const ZH = `---
report: r
lang: zh
---

## 测试目的 {#purpose}

TiDB v6.0.0 运行在六台服务器上，\`raftstore.store-pool-size\` 设为 4；参见[文档](https://docs.pingcap.com/tidb)。

## 测试结论 {#conclusions}

- Point Select 提升 ５．０５５％，Update Index 提升 4.5 %。
- 从 1000 线程起领先。
`
