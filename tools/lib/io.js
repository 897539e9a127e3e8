/**
 * Where a command writes: data to `out` (stdout), progress and problems to `err`
 * (stderr); tests pass their own. `root`: the repository `--root` names.
 *
 * @typedef {{out: (text: string) => void, err: (text: string) => void, cwd: string, env: Record<string, string | undefined>, root?: string}} Io
 * @typedef {(argv: string[], io: Io) => Promise<number>} Command  a subcommand's `run`: its exit code
 */

/** @type {Io} */
export const processIo = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  cwd: process.cwd(),
  env: process.env
}
