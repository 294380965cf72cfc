import { describe, expect, it, vi } from 'vitest'
import { FiledockError } from '../../shared/errors.ts'
import type { ApiClient } from './client.ts'
import { parseRetryAfter } from './retry.ts'
import { fakeHostClients } from './testing/fake-client.ts'
import { type FakeHandler, ok, reply } from './testing/fake-host.ts'

/** The waits retry.ts asked for (its sleeps between attempts), in ms; the waits themselves are real. */
const waits = vi.hoisted(() => [] as number[])
vi.mock('node:timers/promises', async (original) => {
  const timers = await original<typeof import('node:timers/promises')>()
  const setTimeout = ((ms: number, ...rest: []) => {
    waits.push(ms)
    return timers.setTimeout(ms, ...rest)
  }) as typeof timers.setTimeout
  return { ...timers, setTimeout, default: { ...timers, setTimeout } }
})

const clients = fakeHostClients({
  apiKey: 'k-123456',
  retryPolicy: { baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 2000 },
})
const setup = (handler: FakeHandler, retries = 3, timeoutMs = 2000) =>
  clients(handler, { retries, timeoutMs })

/** Fails the first `n` requests with `fail`, then answers `good`. */
function flaky(n: number, fail: FakeHandler, good: unknown): FakeHandler {
  let seen = 0
  return (q, res, raw) => (++seen <= n ? fail(q, res, raw) : reply(res, good))
}

const deleted = ok([
  { file_code: 'abcdefghijkl', name: 'a', deleted: '2024-01-01 00:00:00', deleted_ago_sec: '5' },
])

describe('retries', () => {
  it.each<[string, FakeHandler]>([
    ['5xx', (_q, res) => reply(res, '<h1>503</h1>', 503, { 'content-type': 'text/html' })],
    [
      'a dropped connection',
      (_q, _res, raw) => {
        raw.socket.destroy()
      },
    ],
    ['truncated JSON', (_q, res) => reply(res, '{"status":200,"res')],
    ['429 without Retry-After', (_q, res) => reply(res, '', 429)],
  ])('retries a read after %s', async (_what, fail) => {
    const { client, host } = await setup(flaky(2, fail, deleted))
    const out = await client.filesDeleted()
    expect(out[0]).toEqual({
      fileCode: 'abcdefghijkl',
      name: 'a',
      deleted: '2024-01-01 00:00:00',
      deletedAgoSec: 5,
    })
    expect(host.requests).toHaveLength(3)
  })

  it('retries a read after a timeout', async () => {
    const { client, host } = await setup(
      flaky(1, () => {}, deleted),
      3,
      200,
    )
    await client.filesDeleted()
    expect(host.requests).toHaveLength(2)
  })

  it('gives up after the configured retries', async () => {
    const { client, host } = await setup((_q, res) => reply(res, 'x', 500), 2)
    const err = await client.accountStats().catch((e: FiledockError) => e)
    expect(err).toBeInstanceOf(FiledockError)
    expect((err as FiledockError).kind).toBe('server')
    expect(host.requests).toHaveLength(3)
  })

  it('does not retry auth or not_found', async () => {
    const { client, host } = await setup((_q, res) => reply(res, { status: 403, msg: 'Invalid key' }))
    await expect(client.folderList(0)).rejects.toMatchObject({ kind: 'auth' })
    expect(host.requests).toHaveLength(1)
  })

  it.each<[string, (c: ApiClient) => Promise<unknown>]>([
    ['file/rename', (c) => c.fileRename('abcdefghijkl', 'n')],
    ['file/clone', (c) => c.fileClone('abcdefghijkl')],
    ['file/set_folder', (c) => c.fileSetFolder('abcdefghijkl', 1)],
    ['folder/create', (c) => c.folderCreate('n', 0)],
    ['folder/rename', (c) => c.folderRename(1, 'n')],
    ['upload/url', (c) => c.uploadRemote('http://example.com/f.bin')],
  ])('never retries the write %s', async (_op, call) => {
    const { client, host } = await setup((_q, res) => reply(res, 'oops', 502))
    await expect(call(client)).rejects.toMatchObject({ kind: 'server' })
    expect(host.requests).toHaveLength(1)
  })

  it('honours Retry-After on 429 before retrying', async () => {
    const times: number[] = []
    const { client } = await setup((_q, res) => {
      times.push(Date.now())
      if (times.length === 1) reply(res, { status: 429, msg: 'slow down' }, 429, { 'retry-after': '1' })
      else reply(res, ok({ url: 'http://files.example/x', size: '10' }))
    })
    expect(await client.directLink('abcdefghijkl')).toEqual({ url: 'http://files.example/x', size: 10 })
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(950)
  })

  it('does not wait for a Retry-After longer than the cap: the caller gets rate_limited', async () => {
    const { client, host } = await setup((_q, res) => reply(res, '', 429, { 'retry-after': '3600' }))
    waits.length = 0
    await expect(client.accountInfo()).rejects.toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 3_600_000,
    })
    expect(host.requests).toHaveLength(1)
    expect(waits).toEqual([])
  })

  it('an abort during the backoff wait → cancelled', async () => {
    const { client } = await setup((_q, res) => reply(res, '', 429, { 'retry-after': '2' }))
    const ac = new AbortController()
    setTimeout(() => ac.abort(), 100)
    await expect(client.accountInfo({ signal: ac.signal })).rejects.toMatchObject({ kind: 'cancelled' })
  })
})

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP-dates', () => {
    const now = Date.parse('2024-05-01T12:00:00Z')
    expect(parseRetryAfter('120', now)).toBe(120_000)
    expect(parseRetryAfter('Wed, 01 May 2024 12:00:30 GMT', now)).toBe(30_000)
    expect(parseRetryAfter('Wed, 01 May 2024 11:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter(['5'], now)).toBe(5000)
    expect(parseRetryAfter(undefined, now)).toBeUndefined()
    expect(parseRetryAfter('soon', now)).toBeUndefined()
  })
})
