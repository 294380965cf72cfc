import { readdirSync, readFileSync } from 'node:fs'

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ: 100 on every Linux the bench runs on). */
const TICKS_PER_SEC = 100

/**
 * CPU seconds (user + system) spent so far by the processes of one process group (a child spawned detached leads
 * its own group: the browser host, its wrapper and its key-ring helpers) or by one process, read from /proc;
 * null where there is none. Read twice around a measurement, it tells how much of the machine's 2 cores a
 * process took while the window drew its frames.
 */
export function cpuSecondsOf(target: { group: number } | { pid: number }): number | null {
  let pids: string[]
  try {
    pids = 'pid' in target ? [String(target.pid)] : readdirSync('/proc').filter((n) => /^\d+$/.test(n))
  } catch {
    return null
  }
  let ticks = 0
  for (const pid of pids) {
    let stat: string
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    } catch {
      continue // gone meanwhile
    }
    // After the command name (in parentheses, which may hold spaces): state, ppid, pgrp, …, utime (14), stime (15).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    if ('group' in target && Number(fields[2]) !== target.group) continue
    ticks += Number(fields[11]) + Number(fields[12])
  }
  return ticks / TICKS_PER_SEC
}
