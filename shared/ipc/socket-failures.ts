import { defineMessage, defineMessages } from '@formatjs/intl'
import type { FiledockErrorData } from '../errors.ts'
import type { ErrorMessage } from '../i18n/error-text.ts'

type Connection = 'lost' | 'notSent' | 'unreachable' | 'closed'

/**
 * The browser host's client's own failures (the connection, not main, failed), as main's errors carry their
 * words: the English `message` for logs, and the message's id (and values) that the window words in its
 * language (errorMessage). Its English is each message's own: the window's build blanks the code's English in
 * renderer/ only, and shared/ keeps it.
 */
const CONNECTION: Record<Connection, ErrorMessage> = defineMessages({
  lost: {
    id: 'errors.ipc.connectionLost',
    defaultMessage: 'The connection to Filedock was lost before it answered; try again.',
  },
  notSent: { id: 'errors.ipc.notSent', defaultMessage: 'Could not send the request to Filedock.' },
  unreachable: {
    id: 'errors.ipc.unreachable',
    defaultMessage: 'Filedock is not reachable (the connection to its host is down).',
  },
  closed: { id: 'errors.ipc.closed', defaultMessage: 'The connection to Filedock was closed.' },
})

export const NOT_PLAIN_DATA: ErrorMessage = defineMessage({
  id: 'errors.ipc.notPlainData',
  defaultMessage: '{channel}: the input cannot be sent (not plain data).',
})

export function connectionFailure(what: Connection): FiledockErrorData {
  const text = CONNECTION[what]
  return { kind: 'network', message: text.defaultMessage, messageId: text.id }
}

/** An input JSON cannot carry (a BigInt, a cycle); its English written from the same text (the tests compare). */
export function notPlainData(channel: string): FiledockErrorData {
  return {
    kind: 'invalid_input',
    message: `${channel}: the input cannot be sent (not plain data).`,
    messageId: NOT_PLAIN_DATA.id,
    values: { channel },
  }
}
