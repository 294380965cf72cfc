import { describe, expect, it } from 'vitest'
import { describeUrl, redactSecrets } from '../logging/redact.ts'
import { envelopeFailure, hostError, hostWords, kindOf } from './envelope.ts'

describe('envelopeFailure', () => {
  it.each<[unknown, boolean]>([
    [{ status: 200, msg: 'OK' }, false],
    [{ status: '200' }, false],
    [{ status: 'OK', result: 1 }, false],
    [{ msg: 'OK', result: {} }, false],
    [{ msg: 'WORKING' }, false],
    [[{ file_code: 'x' }], false],
    ['text', false],
    [{ status: 403, msg: 'Invalid key' }, true],
    [{ status: '404' }, true],
    [{ status: 'failed', msg: 'x' }, true],
    [{ msg: 'Something went wrong' }, true],
    [{ error: 'Something went wrong' }, true],
  ])('%j → failure %s', (body, failed) => {
    expect(envelopeFailure('op', body) !== undefined).toBe(failed)
  })
})

describe('kindOf', () => {
  it.each<[number | undefined, string | undefined, string]>([
    [403, undefined, 'forbidden'],
    [403, 'This function not allowed in API', 'forbidden'],
    [403, 'Invalid key', 'auth'],
    [401, 'whatever', 'auth'],
    [400, 'Invalid key', 'auth'],
    [undefined, 'No key', 'auth'],
    [500, 'Wrong API key', 'auth'],
    [404, undefined, 'not_found'],
    [400, 'no file', 'not_found'],
    [400, 'Invalid file code', 'not_found'],
    [undefined, 'File does not exist', 'not_found'],
    [429, undefined, 'rate_limited'],
    [400, 'Too many requests, slow down', 'rate_limited'],
    [400, 'Invalid name', 'invalid_input'],
    [500, 'Database error', 'server'],
    [undefined, 'Something odd', 'server'],
  ])('%s %j → %s', (status, msg, kind) => {
    expect(kindOf(status, msg)).toBe(kind)
  })
})

describe('hostWords and redaction', () => {
  const key = 'k3y-abcdef'
  it('masks the key, strips control characters and bounds the length', () => {
    expect(hostWords(`bad\n\tkey ${key}`, key)).toBe('bad key ***')
    expect(hostWords('x'.repeat(500), key)?.length).toBe(201)
    expect(hostWords('\u0000\u0001', key)).toBeUndefined()
  })

  it('masks key= in any position of a URL', () => {
    expect(redactSecrets(`http://h/api?key=${key}&a=1`)).toBe('http://h/api?key=***&a=1')
    expect(redactSecrets(`http://h/api?a=1&key=${key}`)).toBe('http://h/api?a=1&key=***')
    expect(redactSecrets(`see http://h/api?KEY=${key} now`)).toBe('see http://h/api?KEY=*** now')
  })

  it('describes a URL without its query or credentials', () => {
    expect(describeUrl(`http://user:pw@h:8080/api/x?key=${key}`)).toBe('http://h:8080/api/x')
  })

  it('builds messages that say the action in user words and never the key', () => {
    const e = hostError({ operation: 'file/rename', status: 403, msg: `Invalid key ${key}` }, key)
    expect(e.kind).toBe('auth')
    expect(e.operation).toBe('file/rename')
    expect(e.message).toContain('while renaming a file')
    expect(e.message).not.toContain('file/rename')
    expect(e.message).not.toContain(key)
    expect(hostError({ operation: 'a/b', status: 429, retryAfterMs: 12_000 }, key).message).toMatch(/in 12 s/)
  })
})
