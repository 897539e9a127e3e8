/**
 * A point's raw log: each of its sysbench processes' output after a header naming it and its command.
 *
 * @typedef {{client: number, clients: number, repeat: number, repeats: number, workload: string | null, threads: number | null, command: string | null, text: string, line: number, header: boolean}} LogSection
 *   line: 0-based index in the log of the section's first line of output;
 *   header: the section has a benchdoc header (false for a plain log)
 */

const HEADER = /^### benchdoc client (\d+)\/(\d+) repeat (\d+)\/(\d+)(?: workload (\S+) threads (\d+))?$/

/**
 * @param {{client: number, clients: number, repeat: number, repeats: number, workload: string, threads: number, command: string}} section
 */
export function sectionHeader({client, clients, repeat, repeats, workload, threads, command}) {
  return `### benchdoc client ${client}/${clients} repeat ${repeat}/${repeats} workload ${workload} threads ${threads}\n### command: ${command}\n`
}

/**
 * Split a log into its sections; a plain sysbench log is one section of one client.
 *
 * @param {string} text
 */
export function splitCombinedLog(text) {
  const lines = (text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text).split('\n')
  /** @type {LogSection[]} */
  const sections = []
  /** @type {LogSection | null} */
  let current = null
  /** @type {string[]} */
  let body = []
  const close = () => {
    if (current) sections.push({...current, text: body.join('\n')})
  }
  lines.forEach((line, i) => {
    const m = HEADER.exec(line)
    if (m) {
      close()
      current = {client: +m[1], clients: +m[2], repeat: +m[3], repeats: +m[4], workload: m[5] ?? null, threads: m[6] ? +m[6] : null, command: null, text: '', line: i + 1, header: true}
      body = []
    } else if (current && current.command === null && body.length === 0 && line.startsWith('### command: ')) {
      current.command = line.slice('### command: '.length)
      current.line = i + 1
    } else {
      body.push(line)
    }
  })
  close()
  if (sections.length === 0) return [{client: 1, clients: 1, repeat: 1, repeats: 1, workload: null, threads: null, command: null, text, line: 0, header: false}]
  return sections
}
