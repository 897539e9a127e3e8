import {lstatSync} from 'node:fs'
import {basename, relative, resolve} from 'node:path'
import {InputError, argumentKind, readTextInput} from '../lib/input.js'
import {MAX_BYTES, importMarkdown} from './import.js'
import {findReports} from './scan.js'

/**
 * What `benchdoc import` was given, read and imported: each FILE.md, and each
 * folder's Markdown files that mention sysbench. A folder's file that is no
 * report is skipped with its reason; a file named on the command line must be one.
 *
 * @typedef {import('./group.js').Member} Member
 * @typedef {{shown: string, problems: import('../lib/problems.js').Problem[]}} Failed  a file not imported, with why
 * @typedef {{shown: string, reason: string}} Skipped
 * @typedef {{shown: string, markdown: number, reports: number, skipped: Skipped[]}} Folder  what a folder held
 */

/** Rules of a file that is no report at all: skipped when a folder holds it. */
const NOT_A_REPORT = new Set(['no-report', 'no-results'])

/**
 * @param {string[]} positionals
 * @param {{cwd: string, lang?: string, id?: string, root?: string}} options  `root`: the reports repository (its languages' labels read an export)
 * @returns {{members: Member[], failed: Failed[], folders: Folder[]}}
 */
export function readInputs(positionals, options) {
  const shown = (/** @type {string} */ p) => relative(options.cwd, p) || p
  /** @type {Member[]} */
  const members = []
  /** @type {Failed[]} */
  const failed = []
  /** @type {Folder[]} */
  const folders = []
  for (const input of positionals) {
    const path = resolve(options.cwd, input)
    // nothing there, a link that loops or leads nowhere, a path too long: wrong usage (exit 2)
    const kind = argumentKind(path, {shown: input, what: 'a Markdown report or a folder of them'})
    // a folder (or a link to one, named on purpose): its reports; anything else is read as a file
    if (kind !== 'folder') {
      const read = importFile(path, shown(path), {rel: basename(path), docVersion: null, fromFolder: false}, options)
      if ('result' in read) members.push(read)
      else failed.push(read)
      continue
    }
    const {found, markdown} = findReports(path)
    /** @type {Folder} */
    const folder = {shown: shown(path), markdown, reports: 0, skipped: []}
    for (const f of found) {
      const read = importFile(f.path, shown(f.path), {...f, fromFolder: true}, options)
      if ('result' in read) {
        members.push(read)
        folder.reports++
      } else if (read.problems.every((p) => NOT_A_REPORT.has(p.rule))) {
        folder.skipped.push({shown: read.shown, reason: read.problems[0]?.rule === 'no-results' ? 'names workloads but has no results' : 'no result table or stated figure'})
      } else failed.push(read)
    }
    folders.push(folder)
  }
  return {members, failed, folders}
}

/**
 * One file, read through the input layer and imported.
 * @param {string} path
 * @param {string} shown
 * @param {{rel: string, docVersion: string | null, fromFolder: boolean}} where
 * @param {{lang?: string, id?: string, root?: string}} options
 * @returns {Member | Failed}
 */
function importFile(path, shown, where, options) {
  /** @type {string} */
  let text
  try {
    const size = lstatSync(path).size
    if (size > MAX_BYTES && lstatSync(path).isFile()) {
      return {shown, problems: [{file: shown, line: 1, col: 1, severity: 'error', rule: 'size-limit', message: `File is ${(size / 1024 / 1024).toFixed(1)} MB, over the ${MAX_BYTES / 1024 / 1024} MB limit for one report; expected a single Markdown report`}]}
    }
    text = readTextInput(path, {shown, what: 'Markdown report', maxBytes: MAX_BYTES})
  } catch (error) {
    if (!(error instanceof InputError)) throw error
    return {shown, problems: [error.toProblem()]}
  }
  const {result, problems} = importMarkdown(text, {path: shown, file: path, lang: options.lang, id: options.id, root: options.root})
  if (!result) return {shown, problems}
  return {shown, path, text, rel: where.rel, docVersion: where.docVersion, fromFolder: where.fromFolder, result, problems}
}
