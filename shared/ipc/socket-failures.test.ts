import { createIntl } from '@formatjs/intl'
import { describe, expect, it } from 'vitest'
import { errorText } from '../i18n/error-text.ts'
import es from '../i18n/messages/es.json'
import { createSocketClient, type SocketLike } from './socket-client.ts'
import { NOT_PLAIN_DATA } from './socket-failures.ts'

const english = createIntl({ locale: 'en', messages: {}, onError: () => undefined })
const spanish = createIntl({ locale: 'es', messages: es })

/** A socket that is open and takes every frame, and never answers: calls stay in flight. */
function silentSocket(): SocketLike & { frames: string[] } {
  const s = {
    readyState: 1,
    frames: [] as string[],
    send: (data: string) => void s.frames.push(data),
    close: () => s.onclose?.(undefined as never),
    onopen: null as SocketLike['onopen'],
    onmessage: null as SocketLike['onmessage'],
    onclose: null as SocketLike['onclose'],
    onerror: null as SocketLike['onerror'],
  }
  return s
}

describe('the browser host client’s own failures', () => {
  it('carry their message id, so the window words them in its language', async () => {
    const socket = silentSocket()
    const client = createSocketClient({ url: 'ws://x/ipc', connect: () => socket })
    const pending = client.app.info()
    socket.onclose?.(undefined as never)
    const lost = await pending
    client.close()
    const closed = await client.app.info()
    if (lost.ok || closed.ok) throw new Error('a call answered without a host')
    expect(lost.error).toEqual({
      kind: 'network',
      message: 'The connection to Filedock was lost before it answered; try again.',
      messageId: 'errors.ipc.connectionLost',
    })
    expect(errorText(spanish, lost.error)).toBe(
      'Se perdió la conexión con Filedock antes de que respondiera; inténtalo de nuevo.',
    )
    expect(errorText(spanish, closed.error)).toBe('Se cerró la conexión con Filedock.')
  })

  it('name the channel of an input JSON cannot carry, in English as the message itself says it', async () => {
    const client = createSocketClient({ url: 'ws://x/ipc', connect: () => silentSocket() })
    const answer = await client.files.info({ fileCodes: [10n] } as never)
    client.close()
    if (answer.ok) throw new Error('a BigInt was sent')
    expect(answer.error).toMatchObject({ kind: 'invalid_input', values: { channel: 'files.info' } })
    expect(answer.error.message).toBe(english.formatMessage(NOT_PLAIN_DATA, { channel: 'files.info' }))
    expect(errorText(spanish, answer.error)).toBe(
      'files.info: los datos de entrada no se pueden enviar (no son datos simples).',
    )
  })
})
