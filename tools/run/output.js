/**
 * A child's output as a launcher keeps it: whole for the log, by line for progress, and its first byte's time.
 */

/**
 * @param {((line: string) => void) | undefined} onLine
 * @returns {{take: (data: Buffer | string) => void, text: () => string, firstOutput: Promise<number>, end: () => void}}
 */
export function collectOutput(onLine) {
  /** @type {string[]} */
  const chunks = []
  let partial = ''
  /** @type {(time: number) => void} */
  let first = () => {}
  /** @type {Promise<number>} */
  const firstOutput = new Promise((resolve) => {
    first = resolve
  })
  return {
    take(data) {
      const text = data.toString()
      if (text === '') return
      first(Date.now())
      chunks.push(text)
      if (!onLine) return
      const lines = (partial + text).split('\n')
      partial = lines.pop() ?? ''
      for (const line of lines) onLine(line)
    },
    text: () => chunks.join(''),
    firstOutput,
    end() {
      if (partial && onLine) onLine(partial)
      partial = ''
      first(Date.now())
    }
  }
}
