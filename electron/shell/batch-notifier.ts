import { defineMessages, type IntlShape } from '@formatjs/intl'
import type { NotificationConstructorOptions } from 'electron'
import { type MainText, plainMessages } from '../../core/i18n/main-intl.ts'
import type { EventBus } from '../../core/ipc/event-bus.ts'
import type { AppEvent } from '../../shared/ipc/events.ts'
import type { LinksReadyEvent } from '../../shared/ipc/queue-events.ts'

/** The part of Electron's Notification used here (its own class satisfies it). */
export interface NotificationLike {
  /** A button of `actions` was pressed: `details.actionIndex` says which (the second argument is deprecated). */
  on(event: 'action', listener: (details: { actionIndex: number }) => void): unknown
  on(event: 'click', listener: () => void): unknown
  on(event: 'close', listener: () => void): unknown
  show(): void
}

export interface NotificationClass {
  new (options: NotificationConstructorOptions): NotificationLike
  isSupported(): boolean
}

/**
 * Every notification shown, until the OS says it closed. Electron delivers a click or an action (also one from
 * Windows' Action Center or macOS' Notification Center, long after it was shown) only to a Notification object
 * that is still alive; held only by its own handlers' closures it would be collected, and the click would do
 * nothing. Some Linux notification daemons never report a close, so only the latest MAX are held.
 */
export class HeldNotifications {
  static readonly MAX = 20
  private readonly held = new Set<NotificationLike>()

  hold(notification: NotificationLike): void {
    this.held.add(notification)
    notification.on('close', () => this.held.delete(notification))
    for (const oldest of this.held) {
      if (this.held.size <= HeldNotifications.MAX) break
      this.held.delete(oldest)
    }
  }

  get count(): number {
    return this.held.size
  }

  clear(): void {
    this.held.clear()
  }
}

/**
 * A system notification when an upload batch finishes (its link pack is ready): how many files went up, how
 * many failed, whether the links are on the clipboard. A click brings the window back, where the pack is shown.
 */
export function notifyFinishedBatches(
  events: EventBus<AppEvent>,
  text: MainText,
  Notification: NotificationClass,
  focusWindow: () => void,
  copyToClipboard?: (text: string) => void,
  held = new HeldNotifications(),
): () => void {
  const stop = events.subscribe((event) => {
    if (event.type !== 'links.ready' || !Notification.isSupported()) return
    // Nothing finished that the user did not stop themselves: no news to bring them back for.
    if (cancelledOnly(event)) return
    const canCopy = copyToClipboard !== undefined && event.text !== ''
    const intl = text()
    const notification = new Notification({
      ...batchNotice(event, intl),
      // A "Copy links" button where the platform shows notification actions (macOS, Windows); elsewhere the
      // click opens the window, where the pack has its own Copy.
      ...(canCopy
        ? { actions: [{ type: 'button' as const, text: intl.formatMessage(TEXT.copyLinks) }] }
        : {}),
    })
    notification.on('click', focusWindow)
    if (canCopy) {
      notification.on('action', (details) => {
        if (details.actionIndex === 0) copyToClipboard(event.text)
      })
    }
    held.hold(notification)
    notification.show()
  })
  return () => {
    stop()
    held.clear()
  }
}

/** A batch whose every upload was cancelled: nothing went up, nothing failed. */
export const cancelledOnly = (event: LinksReadyEvent): boolean =>
  event.files === 0 && event.failed === 0 && (event.cancelled ?? 0) > 0

export function batchNotice(event: LinksReadyEvent, intl: IntlShape): NotificationConstructorOptions {
  const values: Record<string, string | number> = {
    files: event.files,
    failed: event.failed,
    copied: event.copied ? 'yes' : 'no',
  }
  return {
    title: event.failed > 0 ? intl.formatMessage(TEXT.finishedWithErrors) : intl.formatMessage(TEXT.finished),
    body: intl.formatMessage(TEXT.body, values),
    silent: false,
  }
}

const TEXT = plainMessages(
  defineMessages({
    copyLinks: { id: 'notify.copyLinks', defaultMessage: 'Copy links' },
    finished: { id: 'notify.finished', defaultMessage: 'Upload finished' },
    finishedWithErrors: { id: 'notify.finishedWithErrors', defaultMessage: 'Upload finished with errors' },
    body: {
      id: 'notify.body',
      defaultMessage:
        '{files, plural, one {# file uploaded} other {# files uploaded}}{failed, plural, =0 {} one {, # failed} other {, # failed}}{copied, select, yes {. The links are on the clipboard.} other {.}}',
    },
  }),
)
