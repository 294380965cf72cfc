import { createIntl } from '@formatjs/intl'
import { describe, expect, it } from 'vitest'
import { FiledockError, type FiledockErrorData } from '../../shared/errors.ts'
import { MAX_CAUSE_DEPTH } from '../../shared/i18n/cause-values.ts'
import { errorText, translatedError } from '../../shared/i18n/error-text.ts'
import { hostError } from '../api/envelope.ts'
import { INDEX_WARNINGS, indexWarning, warningOf } from '../index/index-warning.ts'
import { gaveUp } from '../queue/failures.ts'
import { intlFor } from './main-intl.ts'

describe('errors in the reader’s language', () => {
  it('keep their message id and values through JSON, as IPC and the WebSocket carry them', () => {
    const error = hostError(
      { operation: 'folder/create', status: 429, msg: 'Too many requests, slow down', retryAfterMs: 30_000 },
      'k',
    )
    const back = new FiledockError(JSON.parse(JSON.stringify(error)))
    expect(back.toJSON()).toEqual(error.toJSON())
    expect(back.message).toBe(
      'The host is limiting requests (while creating a folder): “Too many requests, slow down”. Try again in 30 s.',
    )
    expect(back.values).toEqual({
      said: 'yes',
      words: 'Too many requests, slow down',
      wait: 'seconds',
      seconds: 30,
    })
  })

  it('are worded in the catalogue’s language, the action too, the host’s words as it wrote them', async () => {
    const error = hostError({ operation: 'folder/create', status: 429, msg: 'Too many requests' }, 'k')
    expect(errorText(await intlFor('es'), error)).toBe(
      'El servidor está limitando las solicitudes (al crear una carpeta): “Too many requests”. Inténtalo de nuevo más tarde.',
    )
    expect(errorText(await intlFor('en'), error)).toBe(error.message)
  })

  it('word the error a failure wraps in the same language ("Gave up after 5 attempts. …")', async () => {
    const last = hostError({ operation: 'file/list', status: 500, msg: 'DB down' }, 'k').toJSON()
    const error = gaveUp(5, last)
    expect(error.message).toBe(`Gave up after 5 attempts. ${last.message}`)
    expect(errorText(await intlFor('pt-BR'), error)).toBe(
      'Desistimos após 5 tentativas. O servidor informou uma falha ao listar os arquivos: “DB down” (status 500).',
    )
  })

  it('word every level of a chain of causes, a cause of a cause too, each with its own action', async () => {
    // As the index keeps it: "Indexing stopped: {cause}", the cause the queue's "Gave up … {cause}", whose cause
    // is the host's failure while listing files.
    const last = hostError({ operation: 'file/list', status: 500, msg: 'DB down' }, 'k').toJSON()
    const stored = warningOf(indexWarning(INDEX_WARNINGS.stopped, {}, gaveUp(5, last))).warningError
    expect(stored?.message).toBe(`Indexing stopped: Gave up after 5 attempts. ${last.message}`)
    expect(errorText(await intlFor('es'), stored as FiledockErrorData)).toBe(
      'La indexación se detuvo: Se abandonó tras 5 intentos. El servidor informó de un error al listar los archivos: “DB down” (estado 500).',
    )
  })

  it('word a chain as deep as MAX_CAUSE_DEPTH, and the rest in its English; the values stay bounded', async () => {
    const host = hostError({ operation: 'file/list', status: 500, msg: 'DB down' }, 'k').toJSON()
    let error: FiledockErrorData = host
    for (let i = 0; i < 10; i++) error = gaveUp(5, error)
    expect(error.message).toBe(`${'Gave up after 5 attempts. '.repeat(10)}${host.message}`)
    const causeKeys = Object.keys(error.values ?? {}).filter((name) => name.startsWith('cause'))
    // Per level an id, an operation and the English, and the English one level further.
    expect(causeKeys).toHaveLength(3 * MAX_CAUSE_DEPTH + 1)
    // The error itself and MAX_CAUSE_DEPTH causes in Spanish; under them the English of the deepest one kept.
    const spanish = 'Se abandonó tras 5 intentos. '.repeat(1 + MAX_CAUSE_DEPTH)
    const english = `${'Gave up after 5 attempts. '.repeat(10 - MAX_CAUSE_DEPTH - 1)}${host.message}`
    expect(errorText(await intlFor('es'), error)).toBe(`${spanish}${english}`)
  })

  it('read a chain kept before its levels were apart: a cause whose own cause is lost shows its English', async () => {
    // What the index kept before: the gaveUp's cause was overwritten by the gaveUp's English.
    const old: FiledockErrorData = {
      kind: 'internal',
      message: 'Indexing stopped: Gave up after 5 attempts. The host is down.',
      messageId: 'index.warning.stopped',
      values: {
        attempts: 5,
        causeId: 'errors.queue.gaveUp',
        cause: 'Gave up after 5 attempts. The host is down.',
      },
    }
    expect(errorText(await intlFor('es'), old)).toBe(
      'La indexación se detuvo: Gave up after 5 attempts. The host is down.',
    )
  })

  it('show their English message when they carry no id, or one the catalogue does not know', async () => {
    const es = await intlFor('es')
    expect(errorText(es, { kind: 'internal', message: 'Plain English.' })).toBe('Plain English.')
    expect(
      errorText(es, { kind: 'internal', message: 'From a newer main.', messageId: 'errors.newer.thing' }),
    ).toBe('From a newer main.')
  })

  it('write sizes (values named …Bytes) where the message is read, in the reader’s digits and units', async () => {
    const text = { id: 'errors.test.size', defaultMessage: 'The file is {fileBytes}.' }
    const error = translatedError({ kind: 'invalid_input' }, text, { fileBytes: 1536 })
    expect(error.message).toBe('The file is 1.5 KB.')
    expect(error.values).toEqual({ fileBytes: 1536 })
    const es = { locale: 'es', messages: { [text.id]: 'El archivo ocupa {fileBytes}.' } }
    const spanish = createIntl({ ...es, onError: () => undefined })
    expect(errorText(spanish, error)).toBe('El archivo ocupa 1,5 KB.')
    expect(errorText(spanish, error, (bytes) => `${bytes / 1024} KiB`)).toBe('El archivo ocupa 1.5 KiB.')
  })
})
