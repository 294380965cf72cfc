import { defineMessages } from '@formatjs/intl'
import { type IpcMain, type IpcMainInvokeEvent, ipcMain, type WebContents } from 'electron'
import type { Dispatcher } from '../../core/ipc/dispatcher.ts'
import type { EventBus } from '../../core/ipc/event-bus.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import { channelNames, EVENT_CHANNEL } from '../../shared/ipc/channels.ts'
import type { AppEvent } from '../../shared/ipc/events.ts'
import { fail } from '../../shared/result.ts'

/**
 * The only place main touches raw IPC (lint-enforced). Every contract channel gets one handler that checks who
 * is asking, then hands the untyped input to the dispatcher, which parses it. Nothing else is registered.
 */
export type IpcMainLike = Pick<IpcMain, 'handle' | 'removeHandler'>
export type SenderCheck = (event: Pick<IpcMainInvokeEvent, 'senderFrame'>) => boolean

export function registerIpc(
  ipc: IpcMainLike,
  dispatcher: Dispatcher,
  isTrustedSender: SenderCheck,
): () => void {
  for (const channel of channelNames) {
    ipc.handle(channel, async (event, input: unknown) => {
      if (!isTrustedSender(event)) {
        return fail(translatedError({ kind: 'invalid_input' }, TEXT.untrusted, { channel }).toJSON())
      }
      return dispatcher.dispatch(channel, input)
    })
  }
  return () => {
    for (const channel of channelNames) ipc.removeHandler(channel)
  }
}

/** The real ipcMain, for electron/main.ts (which may not import it itself). */
export function installIpc(dispatcher: Dispatcher, isTrustedSender: SenderCheck): () => void {
  return registerIpc(ipcMain, dispatcher, isTrustedSender)
}

/** Pushes every AppEvent to the window on one channel; a closed or crashed window is skipped, not an error. */
export function forwardEvents(
  events: EventBus<AppEvent>,
  target: () => Pick<WebContents, 'send' | 'isDestroyed'> | null | undefined,
): () => void {
  return events.subscribe((event) => {
    const contents = target()
    if (contents && !contents.isDestroyed()) contents.send(EVENT_CHANNEL, event)
  })
}

const TEXT = defineMessages({
  untrusted: {
    id: 'errors.ipc.untrusted',
    defaultMessage: "Refused {channel}: the call did not come from Filedock's window.",
  },
})
