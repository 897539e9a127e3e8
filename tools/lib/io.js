/**
 * Where a command writes: data to `out` (stdout), progress and problems to
 * `err` (stderr). Tests pass their own to capture both. `root` is the
 * reports repository given with `--root` (lib/root.js finds it otherwise).
 *
 * @typedef {{out: (text: string) => void, err: (text: string) => void, cwd: string, env: Record<string, string | undefined>, root?: string}} Io
 */

/** @type {Io} */
export const processIo = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  cwd: process.cwd(),
  env: process.env
}
