import {copyFileSync, existsSync, mkdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {writeFileAtomic} from '../lib/atomic-write.js'
import {UsageError} from '../lib/errors.js'
import {LANG_CODE} from './data-text.js'
import {readLanguages} from './languages.js'

/**
 * Add a site language in one step: its label file (the first language's
 * labels, to translate: `check` lists each one still identical), its entry in
 * config.toml, and its content adapter (the report pages). Nothing here names
 * a language; the name comes from Intl, in the language itself.
 *
 * @param {string} root
 * @param {string} code  e.g. `ko`, `pt-br`
 * @param {{name?: string}} [options]
 * @returns {{written: string[], name: string}}
 */
export function addLanguage(root, code, options = {}) {
  if (!LANG_CODE.test(code)) throw new UsageError(`Unexpected language code \`${code}\`, expected a BCP 47 code such as \`ko\` or \`pt-br\``)
  const config = join(root, 'config.toml')
  if (!existsSync(config)) throw new UsageError(`No config.toml in ${root}, expected to run in the project folder`)
  const languages = readLanguages(root)
  if (languages.some((l) => l.code === code)) throw new UsageError(`Unexpected language \`${code}\`: config.toml has it already`)
  const [first] = languages
  const labels = join('i18n', `${code}.yaml`)
  const adapter = join('content', code, 'reports', '_content.gotmpl')
  for (const rel of [labels, adapter]) if (existsSync(join(root, rel))) throw new UsageError(`${rel} exists already, expected a new language`)
  const name = options.name ?? languageName(code)

  writeFileAtomic(join(root, labels), `# ${name} labels: still the ${first.code} text. Translate each one;\n# \`benchdoc i18n check --lang ${code}\` lists those left.\n` +
    readFileSync(join(root, 'i18n', `${first.code}.yaml`), 'utf8'))
  mkdirSync(join(root, 'content', code, 'reports'), {recursive: true})
  copyFileSync(join(root, 'content', first.code, 'reports', '_content.gotmpl'), join(root, adapter))
  writeFileAtomic(config, withLanguage(readFileSync(config, 'utf8'), code, name, Math.max(0, ...languages.map((l) => l.weight)) + 1))
  return {written: [labels, 'config.toml', adapter], name}
}

/**
 * The language's name in itself (`한국어`), or the code when Intl has none.
 * @param {string} code
 */
function languageName(code) {
  try {
    return new Intl.DisplayNames([code], {type: 'language'}).of(code) ?? code
  } catch {
    return code
  }
}

/**
 * config.toml with a `[languages.<code>]` table after the last language's.
 * @param {string} text
 * @param {string} code
 * @param {string} name
 * @param {number} weight
 */
function withLanguage(text, code, name, weight) {
  const script = (() => {
    try {
      return new Intl.Locale(code).maximize().script ?? ''
    } catch {
      return ''
    }
  })()
  const cjk = ['Hans', 'Hant', 'Hani', 'Jpan', 'Kore', 'Hang'].includes(script)
  const block = [
    `  [languages.${code}]`,
    `    languageName = ${JSON.stringify(name)}`,
    `    languageCode = ${JSON.stringify(code)}`,
    `    contentDir = "content/${code}"`,
    `    weight = ${weight}`,
    ...(cjk ? ['    hasCJKLanguage = true'] : [])
  ].join('\n') + '\n'
  const lines = text.split('\n')
  const last = lines.findLastIndex((l) => /^\s*\[languages\.[^\]]+\]/.test(l))
  if (last < 0) return `${text.replace(/\n*$/, '\n')}\n[languages]\n${block}`
  let end = last + 1
  while (end < lines.length && /^\s+\S/.test(lines[end]) && !/^\s*\[/.test(lines[end])) end++
  return [...lines.slice(0, end), ...block.replace(/\n$/, '').split('\n'), ...lines.slice(end)].join('\n')
}
