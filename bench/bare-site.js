/**
 * Bare Hugo for comparison: a site with the same languages and the same
 * number of data-driven pages as the benchmark's reports, whose templates only
 * print a few fields. What Hugo itself costs per page, without our templates.
 */
import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {readLanguages} from '../tools/i18n/languages.js'
import {PACKAGE_ROOT} from '../tools/lib/root.js'

/** The site's languages (config.toml), as the generated reports have them. */
const LANGUAGES = readLanguages(PACKAGE_ROOT).map((l) => l.code)

/**
 * @param {number} n  pages per language
 * @returns {string}  the site folder
 */
export function bareSite(n) {
  const root = mkdtempSync(join(tmpdir(), `benchdoc-bare-${n}-`))
  const pages = Array.from({length: n}, (_, i) => ({id: `page-${i}`, title: `Page ${i}`, qps: [i, i * 2, i * 3]}))
  /** @type {Record<string, string>} */
  const files = {
    'hugo.toml': `disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
defaultContentLanguageInSubdir = true
[languages]
${LANGUAGES.map((l, i) => `  [languages.${l}]\n    contentDir = "content/${l}"\n    weight = ${i + 1}`).join('\n')}
`,
    'data/pages.json': JSON.stringify({pages}),
    'layouts/page.html': '<!doctype html><html><head><title>{{ .Title }}</title></head><body><h1>{{ .Title }}</h1>{{ range .Params.qps }}<p>{{ . }}</p>{{ end }}</body></html>\n',
    'layouts/home.html': '<!doctype html><html><body>{{ range .Pages }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}</body></html>\n',
    'layouts/section.html': '<!doctype html><html><body>{{ range .Pages }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}</body></html>\n'
  }
  for (const lang of LANGUAGES) {
    files[`content/${lang}/pages/_content.gotmpl`] =
      '{{ range site.Data.pages.pages }}{{ $.AddPage (dict "path" .id "kind" "page" "title" .title "params" (dict "qps" .qps)) }}{{ end }}\n'
  }
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), {recursive: true})
    writeFileSync(join(root, path), text)
  }
  return root
}
