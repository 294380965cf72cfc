import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import type { Reclaim } from '../core/download/read-buffers.ts'

type Gc = (options: { type: 'minor' }) => void

/**
 * V8's `gc({ type: 'minor' })` for core/download/read-buffers.ts, made on the first call: `--expose-gc` given at
 * run time puts `gc` only in contexts created after it, hence the new context (~0.3 MiB, and only in a process
 * that downloads). A scavenge of the CLI's young generation (1 MiB semi-spaces, see bin/filedock.mjs) takes well
 * under a millisecond; a 1 GiB download runs about a thousand.
 */
export function youngGc(): Reclaim {
  let gc: Gc | null = null
  return () => {
    if (gc === null) {
      setFlagsFromString('--expose-gc')
      gc = runInNewContext('gc') as Gc
    }
    gc({ type: 'minor' })
  }
}
