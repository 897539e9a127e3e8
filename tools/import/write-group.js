import {lstatSync} from 'node:fs'
import {dirname, join, relative} from 'node:path'
import {isMap, parseDocument} from 'yaml'
import {InputError, checkRegularFile, readTextInput} from '../lib/input.js'
import {importMarkdown} from './import.js'
import {pairSubjects} from './match.js'
import {compareWithData} from './merge.js'
import {applyAdditions, textAdditions} from './merge-text.js'
import {firstCommitted} from './scan.js'
import {dataYaml} from '../export/yaml-out.js'

/**
 * One group of files with the same results made into the files to write, each target
 * and translation checked first. Reads, never writes: the command writes all of a
 * group's files or none.
 *
 * @typedef {import('./group.js').Group} Group
 * @typedef {import('./group.js').Member} Member
 * @typedef {import('../lib/problems.js').Problem} Problem
 * @typedef {import('../types/report.js').Report} Report
 * @typedef {NonNullable<NonNullable<Report['source']>['aliases']>[number]} Alias
 * @typedef {{dataDir: string, narrativeDir: string, cwd: string, force: boolean, root?: string}} Targets
 *   `root`: the reports repository, whose labels read an export again
 * @typedef {{
 *   readers: Member[],
 *   dataFile: string,
 *   existing: boolean,
 *   files: Array<[string, string]>,
 *   problems: Problem[],
 *   texts: Map<string, number>,
 *   date: {date: string, from: string} | null
 * }} Plan  `readers` as imported under the group's id; `files` to write; `texts`: data texts added per language
 */

/**
 * @param {Group} group
 * @param {Targets} targets
 */
export function planGroup(group, targets) {
  const shown = (/** @type {string} */ p) => relative(targets.cwd, p) || p
  const readers = group.readers.map((m) => (m.result.id === group.id ? m : reimport(m, group.id, targets.root)))
  const dataFile = join(targets.dataDir, `${group.id}.yaml`)
  /** @type {Plan} */
  const plan = {readers, dataFile, existing: false, files: [], problems: [], texts: new Map(), date: null}
  const narratives = readers.map((m) => /** @type {[Member, string]} */ ([m, join(targets.narrativeDir, group.id, `${m.result.lang}.md`)]))
  for (const [path, what, base] of [[dataFile, 'data file', targets.dataDir], ...narratives.map(([, f]) => [f, 'narrative', targets.narrativeDir])]) {
    const problem = targetProblem(path, what, base, shown)
    if (problem) plan.problems.push(problem)
  }
  if (plan.problems.length > 0) return plan
  plan.existing = lstatSync(dataFile, {throwIfNoEntry: false}) !== undefined
  const data = plan.existing ? updatedData(group, readers, dataFile, targets, plan) : newData(group, readers, plan)
  if (data !== null) plan.files.push([dataFile, data])
  for (const [m, file] of narratives) {
    const before = lstatSync(file, {throwIfNoEntry: false}) ? readTextInput(file, {shown: shown(file), root: targets.cwd, what: 'narrative'}) : null
    if (before === m.result.narrative) continue
    if (before !== null && !targets.force) {
      plan.problems.push({file: m.shown, line: 1, col: 1, severity: 'error', rule: 'narrative-exists', message: `Unexpected existing ${shown(file)} with other content; not overwritten (use --force to replace it)`})
    }
    plan.files.push([file, m.result.narrative])
  }
  return plan
}

/**
 * A reader imported again under the group's id (another language named it otherwise, or a group kept apart).
 * @param {Member} m @param {string} id @param {string} [root] @returns {Member}
 */
function reimport(m, id, root) {
  const {result, problems} = importMarkdown(m.text, {path: m.shown, file: m.path, lang: m.result.lang, id, root})
  return result ? {...m, result, problems} : m
}

/**
 * Why a file cannot be written where it goes (something else at the path or
 * on a folder of it below `base`), or null.
 * @param {string} path
 * @param {string} what  `data file` or `narrative`
 * @param {string} base  the folder the option names (data/reports, content/narrative)
 * @param {(p: string) => string} shown
 * @returns {Problem | null}
 */
export function targetProblem(path, what, base, shown) {
  for (let folder = dirname(path); folder.startsWith(base) && folder !== base; folder = dirname(folder)) {
    const stat = lstatSync(folder, {throwIfNoEntry: false})
    if (stat && !stat.isDirectory()) {
      const kind = stat.isFile() ? 'a file' : stat.isFIFO() ? 'a FIFO (named pipe)' : stat.isSymbolicLink() ? 'a symbolic link' : 'not a folder'
      return {file: shown(folder), line: 1, col: 1, severity: 'error', rule: 'input', message: `is ${kind}, expected the folder ${shown(path)} is written into`}
    }
  }
  if (!lstatSync(path, {throwIfNoEntry: false})) return null
  try {
    checkRegularFile(path, {shown: shown(path), what})
    return null
  } catch (error) {
    if (!(error instanceof InputError)) throw error
    return error.toProblem()
  }
}

/**
 * The data of a group new to the data folder: the primary file's, with the
 * other files' data text and aliases and, failing a stated date, git's.
 * @param {Group} group
 * @param {Member[]} readers
 * @param {Plan} plan
 */
function newData(group, readers, plan) {
  const [primary, ...others] = readers
  const report = structuredClone(primary.result.report)
  for (const m of others) {
    const additions = textAdditions(report, primary.result.lang, m.result.report, m.result.lang, pairSubjects(m.result.report, report))
    applyAdditions(report, additions)
    if (additions.length > 0) plan.texts.set(m.result.lang, additions.length)
  }
  // read from a folder, or with other files of the same results: where in the folder, and those files
  if (group.members.some((m) => m.fromFolder)) report.source = sourceOf(group, primary, report.source)
  const aliases = frontAliases(group.members, report.aliases)
  if (aliases) report.aliases = aliases
  if (!report.date) {
    // another file's text or front matter names it (a translation may), else git's history
    plan.date = statedDate(group.members) ?? committedDate(group.members)
    if (plan.date) insertDate(report, plan.date.date)
  }
  // one file as the importer read it: its data as written
  if (JSON.stringify(report) === JSON.stringify(primary.result.report)) return primary.result.yaml
  const comment = `Imported by benchdoc import from ${primary.rel} (${primary.result.lang})${group.members.length > 1 ? `, with ${group.members.length - 1} more file${group.members.length > 2 ? 's' : ''} of the same results` : ''}.`
  return dataYaml(report, primary.result.written, comment)
}

/**
 * An existing data file checked against every reader, with their data text
 * and the group's files added where missing; null when nothing changes.
 * @param {Group} group
 * @param {Member[]} readers
 * @param {string} dataFile
 * @param {Targets} targets
 * @param {Plan} plan
 */
function updatedData(group, readers, dataFile, targets, plan) {
  const shown = relative(targets.cwd, dataFile) || dataFile
  const text = readTextInput(dataFile, {shown, root: targets.cwd, what: 'data file'})
  for (const m of readers) plan.problems.push(...compareWithData(m.result, m.shown, shown, text))
  if (plan.problems.some((p) => p.severity === 'error')) return null
  const doc = parseDocument(text)
  // checked against every reader above: a mapping with subjects and points
  const data = /** @type {Report} */ (doc.toJS())
  for (const m of readers) {
    if (m.result.lang === data.source?.lang) continue
    const additions = textAdditions(data, data.source?.lang ?? 'en', m.result.report, m.result.lang, pairSubjects(m.result.report, data))
    for (const a of additions) doc.setIn(a.path, doc.createNode(a.value))
    applyAdditions(data, additions)
    if (additions.length > 0) plan.texts.set(m.result.lang, additions.length)
  }
  // the files of a folder that published the same results, each once
  const known = new Set([data.source?.file, ...(data.source?.aliases ?? []).map((a) => a.file)])
  const more = group.members.filter((m) => m.fromFolder && !known.has(m.rel)).map(aliasOf)
  if (more.length > 0) setAliases(doc, [...(data.source?.aliases ?? []), ...more])
  const aliases = frontAliases(group.members, data.aliases)
  if (aliases && JSON.stringify(aliases) !== JSON.stringify(data.aliases)) doc.setIn(['aliases'], doc.createNode(aliases))
  const out = doc.toString({lineWidth: 0})
  return out === text ? null : out
}

/**
 * `source.aliases` in an existing data file: `source` in block style, one alias a line.
 * @param {import('yaml').Document} doc
 * @param {Array<Record<string, string>>} aliases
 */
function setAliases(doc, aliases) {
  const list = doc.createNode(aliases)
  for (const item of list.items) if (isMap(item)) item.flow = true
  if (!doc.has('source')) doc.set('source', doc.createNode({}))
  const source = doc.get('source', true)
  if (isMap(source)) {
    source.flow = false
    source.set('aliases', list)
  }
}

/**
 * @param {Group} group @param {Member} primary @param {Report['source']} was
 * @returns {NonNullable<Report['source']>}
 */
function sourceOf(group, primary, was) {
  // the reader may be imported again under the group id: the group names the file read
  const aliases = group.members.filter((m) => m !== group.primary).map(aliasOf)
  return {
    ...was,
    file: primary.rel,
    // a language the importer detected or the site names, as the validated primary's
    lang: /** @type {NonNullable<NonNullable<Report['source']>['lang']>} */ (primary.result.lang),
    ...(primary.docVersion ? {doc_version: primary.docVersion} : {}),
    ...(aliases.length > 0 ? {aliases: /** @type {[Alias, ...Alias[]]} */ (aliases)} : {})
  }
}

/** @param {Member} m @returns {Alias} */
function aliasOf(m) {
  return {file: m.rel, lang: m.result.lang, ...(m.docVersion ? {doc_version: m.docVersion} : {})}
}

/**
 * Every file's front-matter aliases, by language, each once; null when none has any.
 * @param {Member[]} members
 * @param {Report['aliases']} have
 * @returns {Report['aliases'] | null}
 */
function frontAliases(members, have) {
  /** @type {NonNullable<Report['aliases']>} */
  const out = structuredClone(have ?? {})
  for (const m of members) {
    for (const [lang, list] of Object.entries(m.result.report.aliases ?? {})) {
      const [first, ...rest] = [...new Set([...(out[lang] ?? []), ...list])]
      out[lang] = [first, ...rest]
    }
  }
  return Object.keys(out).length > 0 ? out : null
}

/**
 * The date a file of the group states, in its text or front matter.
 * @param {Member[]} members
 * @returns {{date: string, from: string} | null}
 */
function statedDate(members) {
  const m = members.find((x) => x.result.report.date)
  return m?.result.report.date ? {date: m.result.report.date, from: `text or front matter of ${m.shown}`} : null
}

/**
 * The month of the earliest first commit of any file of the group; null outside a git checkout.
 * @param {Member[]} members
 * @returns {{date: string, from: string} | null}
 */
function committedDate(members) {
  let best = null
  for (const m of members) {
    const c = firstCommitted(m.path)
    if (c && (best === null || c.date < best.date)) best = {date: c.date, from: `git history of ${m.shown} (first commit ${c.commit.slice(0, 7)}, ${c.date})`}
  }
  return best && {date: best.date.slice(0, 7), from: best.from}
}

/** `date` where data files have it, after `kind`. @param {object} data @param {string} date */
function insertDate(data, date) {
  const report = /** @type {Record<string, unknown>} */ (data)
  const entries = Object.entries(report)
  const at = entries.findIndex(([key]) => key === 'kind') + 1
  entries.splice(at, 0, ['date', date])
  for (const key of Object.keys(report)) delete report[key]
  Object.assign(report, Object.fromEntries(entries))
}
