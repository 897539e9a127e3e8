/**
 * The command examples of README.md and docs/: every ```console block is a
 * list of `$ command` lines, each followed by the output it prints. The
 * doctest (examples.test.js) runs each command in a copy of the project and
 * compares what it prints, stdout and stderr together, with the block.
 * Not a test file: vitest only collects `*.test.js`.
 */
import {execFile, spawnSync} from 'node:child_process'
import {chmodSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync} from 'node:fs'
import {join, relative} from 'node:path'
import {ROOT} from '../helpers/paths.js'

/**
 * @typedef {{command: string, expected: string, line: number}} Example
 *   `line` is the 1-based line of the `$ command` in its file
 * @typedef {{file: string, line: number, info: string, lines: string[], indent: string}} Fence
 *   `lines` are the block's content lines, its indentation removed; `line` the fence's line
 */

/** README.md and every Markdown file under docs/, relative to the project. */
export function documentationFiles(root = ROOT) {
  /** @param {string} dir @returns {string[]} */
  const walk = (dir) => readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return walk(path)
    return entry.name.endsWith('.md') ? [relative(root, path)] : []
  })
  return ['README.md', ...walk(join(root, 'docs')).sort()]
}

/**
 * The fenced code blocks of a Markdown text, also those indented in lists.
 * @param {string} text
 * @param {string} file  for the places
 * @returns {Fence[]}
 */
export function fences(text, file) {
  const lines = text.split('\n')
  /** @type {Fence[]} */
  const found = []
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([^`\s]*)/.exec(lines[i])
    if (!open) continue
    const [, indent, marker, info] = open
    const close = new RegExp(`^\\s*${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`)
    const start = i
    /** @type {string[]} */
    const body = []
    for (i++; i < lines.length && !close.test(lines[i]); i++) {
      body.push(lines[i].startsWith(indent) ? lines[i].slice(indent.length) : lines[i].trimStart())
    }
    found.push({file, line: start + 1, info, lines: body, indent})
  }
  return found
}

/**
 * The examples of one ```console block: a command starts with `$ ` (a line
 * ending in `\` continues it), and its output is every line up to the next.
 * @param {Fence} fence
 * @returns {Example[]}
 */
export function examplesOf(fence) {
  /** @type {Example[]} */
  const examples = []
  for (let i = 0; i < fence.lines.length; i++) {
    const line = fence.lines[i]
    if (!line.startsWith('$ ')) {
      if (examples.length === 0) throw new Error(`${fence.file}:${fence.line + 1 + i}: a console block starts with a \`$ \` command, found \`${line}\``)
      continue
    }
    let command = line.slice(2)
    const at = i
    while (command.endsWith('\\') && i + 1 < fence.lines.length) command = `${command.slice(0, -1).trimEnd()} ${fence.lines[++i].trim()}`
    /** @type {string[]} */
    const output = []
    while (i + 1 < fence.lines.length && !fence.lines[i + 1].startsWith('$ ')) output.push(fence.lines[++i])
    examples.push({command, expected: output.join('\n'), line: fence.line + 1 + at})
  }
  return examples
}

/**
 * A copy of the project as git sees it (tracked and new files, not ignored
 * ones such as the demo's report), with node_modules and .venv linked and a
 * `benchdoc` command on the PATH, as a user of the installed tool types it: this
 * checkout's, which runs from its bundle while fresh (the copy has none: from the
 * source, each command cost twice the CPU).
 * The copy is a git repository of one commit, so that examples can edit
 * files and show what `review` or `i18n check` make of the edit. Each copy is a
 * clone (`git clone --local` links the objects) of one committed copy a process
 * makes and no example touches: copying and committing 800 files took 2 s a copy.
 * @param {string} dir  an empty folder
 * @returns {{root: string, env: NodeJS.ProcessEnv}}
 */
export function exampleProject(dir) {
  const root = join(dir, 'project')
  const env = {...process.env, NO_COLOR: '1', TZ: 'UTC', LC_ALL: 'C.UTF-8'}
  delete env.FORCE_COLOR
  if (!pristine || !existsSync(pristine)) pristine = committedCopy(join(dir, 'pristine'), env)
  git(['clone', '--quiet', '--local', pristine, root], dir, env)
  for (const linked of ['node_modules', '.venv']) symlinkSync(join(ROOT, linked), join(root, linked))
  const bin = join(dir, 'bin')
  mkdirSync(bin, {recursive: true})
  writeFileSync(join(bin, 'benchdoc'), `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, 'tools', 'cli.js')}" "$@"\n`)
  chmodSync(join(bin, 'benchdoc'), 0o755)
  return {root, env: {...env, PATH: `${bin}:${process.env.PATH}`}}
}

/** The copy the others clone, made once a process. @type {string | undefined} */
let pristine

/** The project's files as git sees them, copied into `root` and committed. @param {string} root @param {NodeJS.ProcessEnv} env */
function committedCopy(root, env) {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {cwd: ROOT, encoding: 'utf8'})
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`)
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    try {
      cpSync(join(ROOT, file), join(root, file), {recursive: false, verbatimSymlinks: true})
    } catch (error) {
      // a file deleted in the working tree but still tracked is simply absent
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error
    }
  }
  for (const args of [['init', '-q', '-b', 'main'], ['add', '-A'], ['commit', '-q', '-m', 'the project']]) git(args, root, env)
  return root
}

/** @param {string[]} args @param {string} cwd @param {NodeJS.ProcessEnv} env */
function git(args, cwd, env) {
  const who = {GIT_AUTHOR_NAME: 'doctest', GIT_AUTHOR_EMAIL: 'doctest@example.invalid', GIT_COMMITTER_NAME: 'doctest', GIT_COMMITTER_EMAIL: 'doctest@example.invalid'}
  const run = spawnSync('git', args, {cwd, env: {...env, ...who}, encoding: 'utf8'})
  if (run.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${run.stderr}`)
}

/**
 * Runs one example's command with `sh` in the project; what it printed, stdout
 * and stderr in the order written, with the final line break removed.
 * Asynchronous, so that a test worker is not blocked while it runs.
 * @param {string} command
 * @param {{root: string, env: NodeJS.ProcessEnv}} project
 * @returns {Promise<string>}
 */
export function runExample(command, project) {
  return new Promise((resolve, reject) => {
    execFile('sh', ['-c', `{ ${command}\n} 2>&1`], {cwd: project.root, env: project.env, encoding: 'utf8', timeout: 60_000, maxBuffer: 16 * 1024 * 1024}, (error, stdout) => {
      // a command that exits non-zero shows its output all the same
      if (error && typeof error.code !== 'number') reject(error)
      else resolve(stdout.replace(/\n$/, ''))
    })
  })
}

/** Every example of README.md and docs/, with its file. */
export function allExamples(root = ROOT) {
  return documentationFiles(root).flatMap((file) => fences(readFileSync(join(root, file), 'utf8'), file)
    .filter((f) => f.info === 'console')
    .flatMap((f) => examplesOf(f).map((e) => ({file, ...e}))))
}
