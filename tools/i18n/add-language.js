import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {writeFileAtomic} from '../lib/atomic-write.js'
import {UsageError} from '../lib/errors.js'
import {LANG_CODE} from './data-text.js'
import {PACKAGE_ROOT} from '../lib/root.js'
import {labelFiles} from './labels.js'
import {readLanguages} from './languages.js'

/**
 * Add a site language in one step: its label file (the first language's labels, to
 * translate) and its entry in config.toml; its name comes from Intl.
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
  if (existsSync(join(root, labels))) throw new UsageError(`${labels} exists already, expected a new language`)
  const name = options.name ?? languageName(code)
  // a language the package has labels for needs none of its own
  const packaged = root !== PACKAGE_ROOT && existsSync(join(PACKAGE_ROOT, labels))
  // every label, with its comments: the package's file (the repository's overrides only change some)
  const [source] = labelFiles(root, first.code)
  if (!packaged && !source) throw new UsageError(`No labels of ${first.code} to start from: neither i18n/${first.code}.yaml here nor in the package`)

  if (!packaged) writeFileAtomic(join(root, labels), labelsToTranslate(code, name, first.code, readFileSync(source, 'utf8')))
  writeFileAtomic(config, withLanguage(readFileSync(config, 'utf8'), code, name, Math.max(0, ...languages.map((l) => l.weight)) + 1))
  return {written: packaged ? ['config.toml'] : [labels, 'config.toml'], name}
}

/**
 * A new language's label file: the source language's labels, to translate.
 * @param {string} code @param {string} name @param {string} from  the source language @param {string} text  its label file
 */
export function labelsToTranslate(code, name, from, text) {
  return `# ${name} labels: still the ${from} text. Translate each one;\n# \`benchdoc i18n check --lang ${code}\` lists those left.\n${text}`
}

/**
 * The language's name in itself (`한국어`), or the code when Intl has none.
 * @param {string} code
 */
export function languageName(code) {
  try {
    return new Intl.DisplayNames([code], {type: 'language'}).of(code) ?? code
  } catch {
    return code
  }
}

/**
 * A language's `[languages.<code>]` table in config.toml, indented under `[languages]`.
 * @param {string} code
 * @param {string} name
 * @param {number} weight
 */
export function languageBlock(code, name, weight) {
  const script = (() => {
    try {
      return new Intl.Locale(code).maximize().script ?? ''
    } catch {
      return ''
    }
  })()
  const cjk = ['Hans', 'Hant', 'Hani', 'Jpan', 'Kore', 'Hang'].includes(script)
  return [
    `  [languages.${code}]`,
    `    languageName = ${JSON.stringify(name)}`,
    `    languageCode = ${JSON.stringify(code)}`,
    `    weight = ${weight}`,
    ...(cjk ? ['    hasCJKLanguage = true'] : [])
  ].join('\n') + '\n'
}

/**
 * config.toml with a `[languages.<code>]` table after the last language's.
 * @param {string} text
 * @param {string} code
 * @param {string} name
 * @param {number} weight
 */
function withLanguage(text, code, name, weight) {
  const block = languageBlock(code, name, weight)
  const lines = text.split('\n')
  const last = lines.findLastIndex((l) => /^\s*\[languages\.[^\]]+\]/.test(l))
  if (last < 0) return `${text.replace(/\n*$/, '\n')}\n[languages]\n${block}`
  let end = last + 1
  while (end < lines.length && /^\s+\S/.test(lines[end]) && !/^\s*\[/.test(lines[end])) end++
  return [...lines.slice(0, end), ...block.replace(/\n$/, '').split('\n'), ...lines.slice(end)].join('\n')
}
