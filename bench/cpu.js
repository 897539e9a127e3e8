import {readFileSync} from 'node:fs'

/**
 * CPU seconds this process has spent, and those of the child processes it
 * has waited for (Hugo), from /proc/self/stat (Linux). On a shared machine
 * wall time says how busy the others were; CPU time says what we cost.
 * @returns {{self: number, children: number}}  ms
 */
export function cpuMs() {
  const usage = process.cpuUsage()
  // fields after the command name: cutime and cstime are the 14th and 15th
  const fields = readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /, '').split(' ')
  const ticks = Number(fields[13]) + Number(fields[14])
  return {self: (usage.user + usage.system) / 1000, children: ticks * 10}
}
