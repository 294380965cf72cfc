import type { NotificationConstructorOptions } from 'electron'
import type { EventBus } from '../../core/ipc/event-bus.ts'
import type { AppEvent } from '../../shared/ipc/events.ts'
import type { LinksReadyEvent } from '../../shared/ipc/queue-events.ts'

export interface NotificationLike {
  on(event: 'click', listener: () => void): unknown
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
): () => void {
  return events.subscribe((event) => {
    if (event.type !== 'links.ready' || !Notification.isSupported()) return
    const notification = new Notification(batchNotice(event))
    notification.on('click', focusWindow)
    notification.show()
  })
}

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
