import {fillLabel} from './labels.js'
import {memo} from '../lib/memo.js'

/**
 * A view model's label written in a language, for the HTML Node writes (tools/site/*-html.js) and
 * the Markdown export; a key a language lacks is the default language's, as with Hugo's `i18n`.
 *
 * @typedef {import('../types/view-model.js').Label} Label
 * @typedef {import('./labels.js').Labels} Labels
 * @typedef {(key: string, args?: Record<string, string | number>) => string} I18n  a language's label of a key, filled with `args`
 */

/**
 * The labels of one language, `{{ .field }}`s filled; a key no language has is empty.
 * @param {Record<string, Labels>} labels  by language
 * @param {string} lang
 * @param {string} fallback  the default content language
 * @returns {I18n}
 */
export function i18nOf(labels, lang, fallback) {
  const own = labels[lang] ?? {}
  const first = labels[fallback] ?? {}
  // one per language's labels: every table of every page asks for the same keys
  let byFirst = made.get(own)
  if (!byFirst) made.set(own, (byFirst = new WeakMap()))
  let i18n = byFirst.get(first)
  if (!i18n) byFirst.set(first, (i18n = newI18n(own, first)))
  return i18n
}

/** @type {WeakMap<Labels, WeakMap<Labels, I18n>>} each i18n made, by its language's labels and the default language's */
const made = new WeakMap()

/** @param {Labels} own @param {Labels} first @returns {I18n} */
function newI18n(own, first) {
  // each key's label looked up once: a table asks for the same few keys in every cell
  const labelOf = memo((/** @type {string} */ key) => (Object.hasOwn(own, key) ? own[key] : Object.hasOwn(first, key) ? first[key] : ''))
  return (key, args) => {
    const label = labelOf(key)
    if (!label.includes('{{')) return label
    /** @type {Record<string, string | number>} */
    const fields = {}
    for (const k in args) fields[k] = String(args[k])
    return fillLabel(label, fields)
  }
}

/**
 * A label as layouts/_partials/compute/label.html returns it: `parts` joined
 * with `sep`, a literal `text`, or a key with its arguments (`keys` labels'
 * keys, kept when that label is empty; `labels` labels), then its `unit`. Not escaped.
 * @param {Label} label
 * @param {I18n} i18n
 */
export function labelText(label, i18n) {
  let out = ''
  if (label.parts?.length) out = label.parts.map((p) => labelText(p, i18n)).join(label.sep ?? '')
  else if (label.text) out = label.text
  else if (nonEmpty(label.args) || nonEmpty(label.keys) || nonEmpty(label.labels)) {
    /** @type {Record<string, string | number>} */
    const args = {...label.args}
    for (const [k, key] of Object.entries(label.keys ?? {})) {
      const text = i18n(key, args)
      if (text) args[k] = text
    }
    for (const [k, l] of Object.entries(label.labels ?? {})) args[k] = labelText(l, i18n)
    out = i18n(label.key ?? '', args)
  } else out = i18n(label.key ?? '')
  if (label.unit) out = i18n('label_unit', {label: out, unit: i18n(label.unit)})
  return out
}

/**
 * Sentences one after another as the language writes them (punct_sentence_pair). Not escaped.
 * @param {Label[]} labels
 * @param {I18n} i18n
 */
export function sentencesText(labels, i18n) {
  return labels.reduce((out, l, i) => {
    const s = labelText(l, i18n)
    return i === 0 ? s : i18n('punct_sentence_pair', {first: out, second: s})
  }, '')
}

/** @param {object | undefined} map */
function nonEmpty(map) {
  return map != null && Object.keys(map).length > 0
}

