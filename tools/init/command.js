import {existsSync} from 'node:fs'
import {join, resolve} from 'node:path'
import {languageList, parseArgsOrUsage} from '../lib/args.js'
import {UsageError} from '../lib/errors.js'
import {LANG_CODE} from '../i18n/data-text.js'
import {initRepository} from './repository.js'

export const HELP = `Usage: benchdoc init DIR [--lang en,zh,ja] [--title TITLE] [--force]

Write a new reports repository into DIR (made when missing): config.toml,
data/reports/, content/narrative/, plans/example.yaml (a comparison on two
throwaway MariaDB servers that runs as it is), the GitHub workflows (pull
request review comment, GitHub Pages), a package.json that depends on
benchdoc, .gitignore and a README with the next commands. A folder where npm
just installed benchdoc (package.json, package-lock.json, node_modules/) or a
fresh git repository counts as empty; its package.json keeps what npm wrote,
but for a tarball outside DIR that npm installed benchdoc from: it is copied
into vendor/, and package.json names the copy, so that a fresh clone installs.

Options:
  --lang LIST    the site's languages, the first being the source of labels and
                 narratives (default: en,zh,ja)
  --title TITLE  the site's title on every page (default: the label site_title)
  --force        write into a folder that holds other files too; a file of the
                 same name is kept, not replaced
  -h, --help     show this help

Exit 0 when written, 2 on wrong usage (a folder that is not empty, without --force).
`

/** @type {import('../lib/io.js').Command} */
export async function run(argv, io) {
  const {values, positionals} = parseArgsOrUsage(argv, {
    lang: {type: 'string', multiple: true, default: ['en,zh,ja']},
    title: {type: 'string'},
    force: {type: 'boolean'}
  })
  if (positionals.length !== 1) throw new UsageError(`Expected one folder, got ${positionals.length}\n\n${HELP}`)
  const languages = languageList(values.lang) ?? []
  for (const code of languages) {
    if (!LANG_CODE.test(code)) throw new UsageError(`Unexpected language \`${code}\` in --lang, expected BCP 47 codes such as \`en,zh,ja\``)
  }
  if (new Set(languages).size !== languages.length) throw new UsageError(`Unexpected --lang \`${languages.join(',')}\`: a language given twice`)
  const dir = resolve(io.cwd, positionals[0])
  const shown = positionals[0] === '.' ? dir : positionals[0]
  const {written, kept, vendored} = initRepository(dir, {languages, force: values.force, title: values.title, shown})
  for (const file of written) io.err(`${file}: written${file === vendored?.to ? ` (a copy of ${vendored.from}, which benchdoc was installed from: package.json names the copy, so that a fresh clone installs it; commit it)` : ''}\n`)
  for (const file of kept) io.err(`${file}: kept (already there)\n`)
  const cd = dir === io.cwd ? '' : `cd ${positionals[0]} && `
  const install = existsSync(join(dir, 'node_modules', 'benchdoc')) ? '' : 'npm install && '
  io.err(`Next: ${cd}${install}npx benchdoc setup, then \`npx benchdoc run plans/example.yaml\` and \`npx benchdoc serve\` (README.md)\n`)
  return 0
}
