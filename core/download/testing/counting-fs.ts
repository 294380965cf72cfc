import * as fsp from 'node:fs/promises'
import type { PlanFs } from '../local-plan.ts'

/** The real file system as a plan reads it, with each call counted (a plan's cost is its calls, not its time). */
export function countingFs(): PlanFs & { calls: Record<'readdir' | 'lstat' | 'statfs', number> } {
  const calls = { readdir: 0, lstat: 0, statfs: 0 }
  return {
    calls,
    readdir: (dir) => {
      calls.readdir++
      return fsp.readdir(dir, { withFileTypes: true })
    },
    lstat: (path) => {
      calls.lstat++
      return fsp.lstat(path)
    },
    statfs: (dir) => {
      calls.statfs++
      return fsp.statfs(dir)
    },
  }
}
