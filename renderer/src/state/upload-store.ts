import { create } from 'zustand'
import type { LinksReadyEvent } from '../../../shared/ipc/queue-events.ts'
import type { AlreadyThereCount, EnqueueProblem } from '../../../shared/queue.ts'

/** Files the browser is still sending to the browser host, before they can be queued. */
export interface StagingProgress {
  files: number
  filesDone: number
  bytes: number
  bytesSent: number
}

export type UploadDialog = 'urls' | 'paths' | null

/** What to do with a drop's files that are already in their folder. */
export type AlreadyThereChoice = 'skip' | 'upload'

/** A drop waiting for one answer: some of its files are already there. */
export interface AlreadyThereQuestion {
  count: AlreadyThereCount
  /** Where the drop goes, as the upload menu names it. */
  targetLabel: string
  answer: (choice: AlreadyThereChoice) => void
}

/**
 * The upload UI's own state (not the queue's, see queue-store.ts): which accounts a drop goes to, the queue
 * panel, the upload dialogs, what the last enqueue refused, and finished batches waiting to be looked at.
 */
interface UploadUiState {
  /** Accounts a drop is mirrored to; empty means "the active account". */
  targets: string[]
  panelOpen: boolean
  dialog: UploadDialog
  problems: EnqueueProblem[] | null
  /** Finished batches' link packs, oldest first; the dialog shows the first. */
  finished: LinksReadyEvent[]
  staging: StagingProgress | null
  alreadyThere: AlreadyThereQuestion | null
  /** Asks once for the whole drop; resolves with the person's choice. */
  askAlreadyThere: (count: AlreadyThereCount, targetLabel: string) => Promise<AlreadyThereChoice>
  setTargets: (ids: string[]) => void
  setPanelOpen: (open: boolean) => void
  openDialog: (dialog: UploadDialog) => void
  showProblems: (problems: EnqueueProblem[]) => void
  closeProblems: () => void
  batchFinished: (event: LinksReadyEvent) => void
  dismissFinished: (batchId: string) => void
  setStaging: (staging: StagingProgress | null) => void
}

/** A person looks at the last few; older packs stay in the upload history. */
const MAX_FINISHED = 5

export const useUploads = create<UploadUiState>()((set, get) => ({
  targets: [],
  panelOpen: false,
  dialog: null,
  problems: null,
  finished: [],
  staging: null,
  alreadyThere: null,
  askAlreadyThere: (count, targetLabel) =>
    new Promise((resolve) => {
      // A second drop while the first still waits for its answer: the first keeps the default (skip).
      get().alreadyThere?.answer('skip')
      const question: AlreadyThereQuestion = {
        count,
        targetLabel,
        answer: (choice) => {
          if (get().alreadyThere === question) set({ alreadyThere: null })
          resolve(choice)
        },
      }
      set({ alreadyThere: question })
    }),
  setTargets: (targets) => set({ targets }),
  setPanelOpen: (panelOpen) => set({ panelOpen }),
  openDialog: (dialog) => set({ dialog }),
  showProblems: (problems) => set({ problems }),
  closeProblems: () => set({ problems: null }),
  batchFinished: (event) =>
    set((s) => ({
      finished: [...s.finished.filter((f) => f.batchId !== event.batchId), event].slice(-MAX_FINISHED),
    })),
  dismissFinished: (batchId) => set((s) => ({ finished: s.finished.filter((f) => f.batchId !== batchId) })),
  setStaging: (staging) => set({ staging }),
}))
