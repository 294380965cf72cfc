import type { BrowserWindow } from 'electron'
import type { UploadQueue } from '../../core/app/upload-queue.ts'
import type { EventBus } from '../../core/ipc/event-bus.ts'
import type { AppEvent } from '../../shared/ipc/events.ts'
import type { QueueTotals } from '../../shared/queue.ts'

export type ProgressWindow = Pick<BrowserWindow, 'setProgressBar' | 'isDestroyed'>

export interface QueueState {
  totals: QueueTotals
  paused: boolean
}

/** Item changes come in bursts (a drop of 10,000 files); the bar is read again once they settle. */
const SETTLE_MS = 200

/**
 * The upload queue's progress on the taskbar (Windows), dock (macOS) or launcher (Linux): done bytes over all
 * bytes while anything is waiting or running, the paused look while the queue is paused, nothing (-1) when the
 * queue is idle. queue.progress carries the totals (at most 10 a second); other queue events only say that
 * something changed, so the state is read again (`read`) once they settle.
 */
export function showQueueProgress(
  events: EventBus<AppEvent>,
  read: () => QueueState | null,
  window: () => ProgressWindow | null,
): () => void {
  let paused = false
  let shown: string | null = null
  let timer: ReturnType<typeof setTimeout> | null = null

  const show = (totals: QueueTotals | null) => {
    const win = window()
    if (!win || win.isDestroyed()) return
    const active = totals !== null && totals.queued + totals.running + totals.retrying + totals.pending > 0
    const value = !active || totals.totalBytes === 0 ? -1 : Math.min(1, totals.doneBytes / totals.totalBytes)
    const mode = value < 0 ? 'none' : paused ? 'paused' : 'normal'
    // Tenths of a percent are as fine as a taskbar can show: skip calls that would change nothing.
    const key = `${Math.round(value * 1000)}:${mode}`
    if (key === shown) return
    shown = key
    win.setProgressBar(value, { mode })
  }
  const settle = () => {
    timer ??= setTimeout(() => {
      timer = null
      const state = read()
      paused = state?.paused ?? false
      show(state?.totals ?? null)
    }, SETTLE_MS)
  }

  const stop = events.subscribe((event) => {
    switch (event.type) {
      case 'queue.progress':
        show(event.totals)
        return
      case 'queue.paused':
      case 'queue.resumed':
      case 'queue.added':
      case 'queue.item':
      case 'queue.removed':
      case 'batch.finished':
        settle()
        return
    }
  })
  settle()
  return () => {
    stop()
    if (timer) clearTimeout(timer)
  }
}

/** The queue's totals and pause for the bar; null when the queue is not available (open in another Filedock). */
export function queueStateOf(queue: Pick<UploadQueue, 'engine'>): QueueState | null {
  try {
    const snapshot = queue.engine().snapshot()
    return { totals: snapshot.totals, paused: snapshot.paused !== null }
  } catch {
    return null
  }
}
