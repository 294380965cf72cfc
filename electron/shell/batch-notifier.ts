import type { NotificationConstructorOptions } from 'electron'
import type { EventBus } from '../../core/ipc/event-bus.ts'
import type { AppEvent } from '../../shared/ipc/events.ts'
import type { LinksReadyEvent } from '../../shared/ipc/queue-events.ts'

export interface NotificationLike {
  /** 'action': a button of `actions` was pressed (index into them). */
  on(event: 'click' | 'action', listener: (event: unknown, index: number) => void): unknown
  show(): void
}

export interface NotificationClass {
  new (options: NotificationConstructorOptions): NotificationLike
  isSupported(): boolean
}

/**
 * A system notification when an upload batch finishes (its link pack is ready): how many files went up, how
 * many failed, whether the links are on the clipboard. A click brings the window back, where the pack is shown.
 */
export function notifyFinishedBatches(
  events: EventBus<AppEvent>,
  Notification: NotificationClass,
  focusWindow: () => void,
  copyToClipboard?: (text: string) => void,
): () => void {
  return events.subscribe((event) => {
    if (event.type !== 'links.ready' || !Notification.isSupported()) return
    // Nothing finished that the user did not stop themselves: no news to bring them back for.
    if (cancelledOnly(event)) return
    const canCopy = copyToClipboard !== undefined && event.text !== ''
    const notification = new Notification({
      ...batchNotice(event),
      // A "Copy links" button where the platform shows notification actions (macOS, Windows); elsewhere the
      // click opens the window, where the pack has its own Copy.
      ...(canCopy ? { actions: [{ type: 'button' as const, text: COPY_LINKS }] } : {}),
    })
    notification.on('click', focusWindow)
    if (canCopy) {
      notification.on('action', (_event, index) => {
        if (index === 0) copyToClipboard(event.text)
      })
    }
    notification.show()
  })
}

export const COPY_LINKS = 'Copy links'

/** A batch whose every upload was cancelled: nothing went up, nothing failed. */
export const cancelledOnly = (event: LinksReadyEvent): boolean =>
  event.files === 0 && event.failed === 0 && (event.cancelled ?? 0) > 0

export function batchNotice(event: LinksReadyEvent): NotificationConstructorOptions {
  const files = `${event.files} file${event.files === 1 ? '' : 's'} uploaded`
  const failed = event.failed > 0 ? `, ${event.failed} failed` : ''
  const copied = event.copied ? '. The links are on the clipboard.' : '.'
  return {
    title: event.failed > 0 ? 'Upload finished with errors' : 'Upload finished',
    body: `${files}${failed}${copied}`,
    silent: false,
  }
}
