import { defineMessage } from '@formatjs/intl'
import type { FiledockErrorData } from '../errors.ts'
import type { ErrorMessage } from '../i18n/error-text.ts'

/**
 * What a call gets when main has no handler for its channel (still starting, or shutting down): the preload's
 * only words of its own. The preload is bundled without a formatter, so it sends the message's id and values, and
 * the window words them (errorMessage) as it words main's errors; `message` is the English, for logs, written
 * from the same text (electron/preload.test.ts checks that the two agree).
 */
export const NO_ANSWER: ErrorMessage = defineMessage({
  id: 'errors.ipc.noAnswer',
  defaultMessage: "Filedock's main process did not answer {channel}.",
})

export function noAnswer(channel: string): FiledockErrorData {
  return {
    kind: 'internal',
    message: `Filedock's main process did not answer ${channel}.`,
    messageId: NO_ANSWER.id,
    values: { channel },
  }
}
