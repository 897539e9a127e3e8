/**
 * Where a command writes: data to `out` (stdout), progress and problems to
 * `err` (stderr). Tests pass their own to capture both.
 *
 * @typedef {{out: (text: string) => void, err: (text: string) => void, cwd: string, env: Record<string, string | undefined>}} Io
 */

/** @type {Io} */
export const processIo = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  cwd: process.cwd(),
  env: process.env
}
