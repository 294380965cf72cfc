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
  /**
   * The batches finished since the user last looked (closed the finished card), newest first: the one card
   * counts them all and lists their links, the newest batch's first.
   */
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
  /** The user has looked: the card goes, and the next batch starts a new one. */
  dismissFinished: () => void
  setStaging: (staging: StagingProgress | null) => void
}

/**
 * Enough for any moment a person looks away (a watch folder sends a batch per settled file); beyond it the
 * oldest fall off the card, and stay in the upload history.
 */
const MAX_FINISHED = 100

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
      // A batch announced again (a retry's round, a second window) replaces its older copy: counted once.
      finished: [event, ...s.finished.filter((f) => f.batchId !== event.batchId)].slice(0, MAX_FINISHED),
    })),
  dismissFinished: () => set({ finished: [] }),
  setStaging: (staging) => set({ staging }),
}))
