import { create } from 'zustand'
import type { VerifyAppEvent } from '../../../../shared/ipc/verify-events.ts'
import type { BatchVerifyReport } from '../../../../shared/verify.ts'
import { api } from '../../app/bridge.ts'
import type { Words } from '../../i18n/words.ts'
import { call, errorMessage } from '../../lib/call.ts'

type ProgressEvent = Extract<VerifyAppEvent, { type: 'verify.progress' }>

/** One verify of a history batch as the window follows it: started here, or announced by main (after upload). */
export interface VerifyRun {
  verifyId: string
  batchId: string
  /** How the dialog names the batch: "the upload of 27/11/2026, 10:02", in the language of the moment. */
  label: Words
  full: boolean
  progress: { done: number; total: number; bytesRead: number } | null
  report: BatchVerifyReport | null
  /** Why it could not run (main's error, worded as it is shown, as the label is). */
  error: Words | null
}

interface VerifyState {
  /** The run the Verify dialog shows (null: closed). */
  shown: string | null
  runs: Record<string, VerifyRun>
  /** Verifies the batch in main (the dialog shows it); the answer lands in the run's `report`. */
  start: (batchId: string, label: Words, full: boolean) => void
  cancel: (verifyId: string) => void
  /** Shows a run main finished by itself (verify after upload), reading its report from main. */
  openReport: (verifyId: string, batchId: string, label: Words) => void
  close: () => void
  progress: (event: ProgressEvent) => void
}

let serial = 0
/** Unique in this window and across windows (ids of main's automatic runs are batch ids, never of this form). */
const newVerifyId = () =>
  `v-${Date.now().toString(36)}-${(serial++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`

/**
 * Verify runs of this window. The verify itself runs in main (history.verifyBatch), so the window stays free;
 * this store keeps each run's progress (from verify.progress, routed by app/events.ts) and its report.
 */
export const useVerify = create<VerifyState>()((set, get) => {
  const patch = (verifyId: string, p: Partial<VerifyRun>) =>
    set((s) => {
      const run = s.runs[verifyId]
      return run ? { runs: { ...s.runs, [verifyId]: { ...run, ...p } } } : s
    })
  const begin = (run: VerifyRun) =>
    set((s) => ({ shown: run.verifyId, runs: { ...s.runs, [run.verifyId]: run } }))
  return {
    shown: null,
    runs: {},
    start: (batchId, label, full) => {
      const verifyId = newVerifyId()
      begin({ verifyId, batchId, label, full, progress: null, report: null, error: null })
      call(api.history.verifyBatch({ batchId, verifyId, full })).then(
        (report) => patch(verifyId, { report }),
        (error: unknown) => patch(verifyId, { error: () => errorMessage(error) }),
      )
    },
    cancel: (verifyId) => {
      void api.history.cancelVerify({ verifyId })
    },
    openReport: (verifyId, batchId, label) => {
      if (get().runs[verifyId]?.report) {
        set({ shown: verifyId })
        return
      }
      begin({ verifyId, batchId, label, full: false, progress: null, report: null, error: null })
      call(api.history.verifyReport({ verifyId })).then(
        (report) =>
          patch(
            verifyId,
            report
              ? { report, full: report.full }
              : {
                  error: (intl) =>
                    intl.formatMessage({
                      id: 'verify.report.gone',
                      defaultMessage: 'This report is no longer kept.',
                    }),
                },
          ),
        (error: unknown) => patch(verifyId, { error: () => errorMessage(error) }),
      )
    },
    close: () => set({ shown: null }),
    progress: (event) => patch(event.verifyId, { progress: event }),
  }
})
