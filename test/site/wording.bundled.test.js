import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, inject, test} from 'vitest'
import {sectionById, textOf} from '../helpers/html.js'

// the generated site of reports like users' (test/global/generated-site.js): the demo report has a date, no place and no narrative
const generated = inject('generated')
const page = (/** @type {string} */ lang) => readFileSync(join(generated, 'public', lang, 'reports', 'mariadb-demo', 'index.html'), 'utf8')

describe('the wording of a report page that a native reader found translated (issue 42)', () => {
  test('should title the page against its baseline, and its version section by what it holds, in en, zh and ja', () => {
    const title = (/** @type {string} */ lang) => textOf(/<title>[^<]*/.exec(page(lang))?.[0] ?? '')
    expect(title('ja')).toBe('MariaDB Sysbench 性能テストレポート：flush at commit に対する flush each second の比較')
    expect(title('zh')).toBe('MariaDB Sysbench 性能测试报告：flush each second 对比 flush at commit')
    const heading = (/** @type {string} */ lang) => /<h2>([^<]*)<\/h2>/.exec(sectionById(page(lang), 'version') ?? '')?.[1]
    expect(['en', 'zh', 'ja'].map(heading)).toEqual(['Test version and date', '测试版本与时间', 'テストの基本情報'])
  })

  test('should say in a whole sentence that the report has no narrative, and name the plan as its section does', () => {
    expect(textOf(sectionById(page('zh'), 'purpose') ?? '')).toBe('测试目的 本报告暂无文字说明，但本页的测试数据是完整的。')
    const notes = (/** @type {string} */ lang) => textOf(sectionById(page(lang), 'parameters') ?? '')
    expect(notes('zh')).toContain('测试方案中设置的服务器选项（server_options，以 --name=value 形式传给 mariadbd）')
    expect(notes('ja')).toContain('テスト計画で指定したサーバーオプション（server_options。--name=value の形式で mariadbd に渡します）')
  })
})
