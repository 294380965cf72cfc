import type { DataEvent } from '../../../../shared/ipc/events.ts'
import { formatCount, formatNumber } from '../../lib/format.ts'
import { useToasts } from '../../state/toast-store.ts'

type MoveProgressEvent = Extract<DataEvent, { type: 'index.moveProgress' }>

/**
 * One toast per move running in main, updated in place as files move, gone when the last file settles (the move's
 * own toasts then say what moved and what did not, file by file). A one-file move is over before a progress
 * toast could be read, so it shows none.
 */
export function showMoveProgress(event: MoveProgressEvent): void {
  const key = `move:${event.moveId}`
  const toasts = useToasts.getState()
  if (event.moved + event.failed >= event.total) {
    toasts.dismissKey(key)
    return
  }
  if (event.total <= 1) return
  const notMoved = event.failed > 0 ? `, ${formatNumber(event.failed)} not moved` : ''
  toasts.upsert(
    key,
    `Moving ${formatCount(event.total, 'file')}: ${formatNumber(event.moved)} done${notMoved}`,
    'info',
  )
}
