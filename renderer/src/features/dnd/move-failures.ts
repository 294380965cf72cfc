import { create } from 'zustand'
import type { OutputOf } from '../../../../shared/ipc/types.ts'
import { errorMessage } from '../../lib/call.ts'

type Failed = OutputOf<'index.moveSelection'>['failed'][number]

export interface MoveFailure {
  name: string
  reason: string
}

interface MoveFailuresState {
  /** The last drop's files that did not move, with the host's reason each; null when there is nothing to say. */
  failures: MoveFailure[] | null
  folderName: string
  show: (folderName: string, failed: readonly Failed[]) => void
  close: () => void
}

/** What a move left behind, file by file, for the notice dock (the move's toast gives the count). */
export const useMoveFailures = create<MoveFailuresState>()((set) => ({
  failures: null,
  folderName: '',
  show: (folderName, failed) =>
    set({
      folderName,
      failures:
        failed.length === 0 ? null : failed.map((f) => ({ name: f.name, reason: errorMessage(f.error) })),
    }),
  close: () => set({ failures: null }),
}))
