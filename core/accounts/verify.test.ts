import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FiledockError } from '../../shared/errors.ts'
import { errorText } from '../../shared/i18n/error-text.ts'
import { intlFor } from '../i18n/main-intl.ts'
import { closedPortUrl, fetchVerify, type InfoHost, startInfoHost } from './test-support.ts'
import { checkKey } from './verify.ts'

const KEY = 'v3rifyKey-Zx81Qp0Lm2'
const note = { notSavedNote: 'account' } as const
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a FiledockError'),
    (error: FiledockError) => error,
  )

let host: InfoHost
beforeAll(async () => {
  host = await startInfoHost({ [KEY]: 'me@example.com' })
})
afterAll(() => host.close())

describe('checkKey', () => {
  it('returns the e-mail the host reports, or an empty one if it reports none', async () => {
    expect(await checkKey(fetchVerify, host.url, KEY, note)).toEqual({ email: 'me@example.com' })
    expect(await checkKey(async () => ({}) as { email: string }, host.url, KEY, note)).toEqual({ email: '' })
  })

  it('keeps the kind of an API client error and says nothing was saved', async () => {
    const error = await failure(checkKey(fetchVerify, host.url, 'wrong-key-000000000', note))
    expect(error).toMatchObject({
      kind: 'auth',
      status: 403,
      message: 'The host did not accept the API key. The account was not saved.',
    })
  })

  it('classifies a raw fetch failure as network and a stuck verify as timeout', async () => {
    const raw = (baseUrl: string) => async () => {
      await fetch(`${baseUrl}/api/account/info`)
      return { email: '' }
    }
    const closed = await closedPortUrl()
    expect(await failure(checkKey(raw(closed), closed, KEY, note))).toMatchObject({
      kind: 'network',
      message: `Could not reach ${closed} (ECONNREFUSED). Check the address and the connection. The account was not saved.`,
    })
    const stuck = checkKey(() => new Promise(() => {}), host.url, KEY, { ...note, timeoutMs: 100 })
    expect(await failure(stuck)).toMatchObject({
      kind: 'timeout',
      message: expect.stringMatching(/within 0\.1 s/),
    })
  })

  it('never lets the key through in a message, nor in a cause a logger would print', async () => {
    const leaky = async () => {
      throw new Error(`GET ${host.url}/api/account/info?key=${encodeURIComponent(`${KEY}/+`)} failed`)
    }
    const error = await failure(checkKey(leaky, host.url, `${KEY}/+`, note))
    expect(error.kind).toBe('internal')
    expect(error.message).toContain('?key=••••')
    expect(error.message).not.toContain(KEY)
    expect(error.cause).toBeUndefined()

    const typed = async () => {
      throw new FiledockError({ kind: 'server', message: `host said: bad key ${KEY}` })
    }
    const server = await failure(checkKey(typed, host.url, KEY, note))
    expect(server).toMatchObject({
      kind: 'server',
      message: 'host said: bad key •••• The account was not saved.',
    })
    expect(server.cause).toBeUndefined()
  })

  it('says in Arabic that the host could not be reached and nothing was saved, the key masked there too', async () => {
    const ar = await intlFor('ar')
    const raw = (baseUrl: string) => async () => {
      await fetch(`${baseUrl}/api/account/info`)
      return { email: '' }
    }
    const closed = await closedPortUrl()
    const refused = await failure(checkKey(raw(closed), closed, KEY, { notSavedNote: 'change' }))
    expect(errorText(ar, refused)).toBe(
      `تعذّر الوصول إلى ${closed} ‏(ECONNREFUSED). تحقّق من العنوان والاتصال. لم يُحفظ التغيير.`,
    )
    const leaky = async () => {
      throw new Error(`GET ${host.url}/api/account/info?key=${KEY} failed`)
    }
    const leaked = errorText(ar, await failure(checkKey(leaky, host.url, KEY, note)))
    expect(leaked).toContain('?key=••••')
    expect(leaked).not.toContain(KEY)
  })
})
