import type { IntlShape } from 'react-intl'
import type { DataEvent } from '../../../../shared/ipc/events.ts'
import { useToasts } from '../../state/toast-store.ts'

type MoveProgressEvent = Extract<DataEvent, { type: 'index.moveProgress' }>

/**
 * The window's language for move progress. The event router that reports it runs outside React, so the file
 * actions that start moves (useFileActions, rendered by every view that can move files) hand theirs over; a
 * window that never showed files has started no move and shows no progress.
 */
let words: IntlShape | null = null

export function speakMovesIn(intl: IntlShape): void {
  words = intl
}

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
  if (event.total <= 1 || words === null) return
  toasts.upsert(key, (intl) => moveProgressText(intl, event), 'info')
}

function moveProgressText(intl: IntlShape, { total, moved, failed }: MoveProgressEvent): string {
  return failed > 0
    ? intl.formatMessage(
        {
          id: 'dnd.progress.withFailures',
          defaultMessage:
            'Moving {total, plural, one {# file} other {# files}}: {moved, number} done, {failed, number} not moved',
        },
        { total, moved, failed },
      )
    : intl.formatMessage(
        {
          id: 'dnd.progress.moving',
          defaultMessage: 'Moving {total, plural, one {# file} other {# files}}: {moved, number} done',
        },
        { total, moved },
      )
}
