import { describe, expect, it, vi } from 'vitest'
import { ApiClient } from './client.ts'
import { failureOf, fakeHostClients } from './testing/fake-client.ts'
import { type FakeHandler, ok, reply } from './testing/fake-host.ts'

const KEY = 'sEcReTkEy1234567890'
const setup = fakeHostClients({ apiKey: KEY, retries: 0, timeoutMs: 2000 })
const failure = (call: Promise<unknown>) => failureOf(call, KEY)

const info = {
  email: 'a@b.c',
  balance: '1.50000',
  storage_used: null,
  premium_expire: '2030-01-01 00:00:00',
  storage_left: 'inf',
}

describe('tolerant of what hosts of this family send', () => {
  it('accepts numbers as strings, status as a string, extra fields and no server_time', async () => {
    const { client } = await setup((_q, res) =>
      reply(res, {
        status: '200',
        msg: 'OK',
        extra: 1,
        result: { ...info, storage_left: '1073741824', bonus: 'x' },
      }),
    )
    expect(await client.accountInfo()).toEqual({
      email: 'a@b.c',
      balance: 1.5,
      storageUsed: null,
      premiumExpire: '2030-01-01 00:00:00',
      storageLeft: 1073741824,
    })
  })

  it("maps storage_left 'inf' to 'unlimited' and sends the key as a query parameter", async () => {
    const { client, host } = await setup((_q, res) => reply(res, ok(info)))
    expect((await client.accountInfo()).storageLeft).toBe('unlimited')
    expect(host.requests[0]?.url.pathname).toBe('/api/account/info')
    expect(host.requests[0]?.url.searchParams.get('key')).toBe(KEY)
  })

  it('reads file/list with only msg and result, integers as strings, and a null thumbnail', async () => {
    const file = {
      name: 'a.txt',
      file_code: 'abcdefghijkl',
      downloads: '3',
      thumbnail: null,
      public: '1',
      size: '42',
      link: 'http://h/abcdefghijkl/a.txt.html',
      fld_id: '0',
      uploaded: '2024-01-01 00:00:00',
    }
    const { client, host } = await setup((_q, res) =>
      reply(res, { msg: 'OK', result: { files: [file], results_total: '1', results: 1 } }),
    )
    const list = await client.fileList({ page: 2, perPage: 10, fldId: 0, name: 'a' })
    expect(list).toEqual({
      files: [
        {
          fileCode: 'abcdefghijkl',
          name: 'a.txt',
          downloads: 3,
          thumbnail: null,
          public: 1,
          size: 42,
          link: file.link,
          fldId: 0,
          uploaded: '2024-01-01 00:00:00',
        },
      ],
      resultsTotal: 1,
      results: 1,
    })
    const q = host.requests[0]?.url.searchParams
    expect([q?.get('page'), q?.get('per_page'), q?.get('fld_id'), q?.get('name')]).toEqual([
      '2',
      '10',
      '0',
      'a',
    ])
  })

  it('accepts filecode and file_code alike', async () => {
    const { client } = await setup((q, res) => {
      if (q.url.pathname.endsWith('clone'))
        reply(res, ok({ filecode: 'zzzzzzzzzzzz', url: 'http://h/zzzzzzzzzzzz' }))
      else
        reply(
          res,
          ok([
            { file_code: 'abcdefghijkl', name: 'n', status: '200', size: '1', uploaded: 'x', downloads: 0 },
          ]),
        )
    })
    expect((await client.fileClone('abcdefghijkl')).fileCode).toBe('zzzzzzzzzzzz')
    expect((await client.fileInfo('abcdefghijkl'))[0]).toMatchObject({
      found: true,
      fileCode: 'abcdefghijkl',
      size: 1,
    })
  })

  it('reports a file/info record with a non-200 status as not found', async () => {
    const { client, host } = await setup((_q, res) =>
      reply(
        res,
        ok([
          { filecode: 'abcdefghijkl', status: 404 },
          { filecode: 'b1', status: 200, name: 'x', size: 5, uploaded: 'u', downloads: 1 },
        ]),
      ),
    )
    const out = await client.fileInfo(['abcdefghijkl', 'b1'])
    expect(out).toEqual([
      { found: false, fileCode: 'abcdefghijkl', status: 404 },
      { found: true, fileCode: 'b1', status: 200, name: 'x', size: 5, uploaded: 'u', downloads: 1 },
    ])
    expect(host.requests[0]?.url.searchParams.get('file_code')).toBe('abcdefghijkl,b1')
  })

  it('treats rename\'s result "true" as success and an explicit "false" as a server error', async () => {
    let answer: unknown = 'true'
    const { client } = await setup((_q, res) => reply(res, ok(answer)))
    await expect(client.fileRename('abcdefghijkl', 'new name')).resolves.toBeUndefined()
    answer = 'false'
    const err = await failure(client.fileRename('abcdefghijkl', 'new name'))
    expect(err.kind).toBe('server')
  })

  it('names the action (in user words) and the field when something we rely on is missing', async () => {
    const { client } = await setup((_q, res) => reply(res, ok({ url: 'http://h/x' })))
    const err = await failure(client.fileClone('abcdefghijkl'))
    expect(err.kind).toBe('malformed')
    expect(err.operation).toBe('file/clone')
    expect(err.message).toContain('when copying a file')
    expect(err.message).not.toContain('file/clone')
    expect(err.message).toContain('file_code')
  })

  it('reads files/check answers with found as 0/1 and sizes as strings', async () => {
    const { client, host } = await setup((q, res) => {
      const form = new URLSearchParams(q.body.toString())
      reply(
        res,
        ok({
          [form.get('url_0') ?? '']: { found: '1', file_size: '12' },
          [form.get('url_1') ?? '']: { found: 0 },
        }),
      )
    })
    const out = await client.filesCheck(['http://h/aaaaaaaaaaaa', 'http://h/bbbbbbbbbbbb'])
    expect(out).toEqual([
      { url: 'http://h/aaaaaaaaaaaa', found: true, fileSize: 12 },
      { url: 'http://h/bbbbbbbbbbbb', found: false, fileSize: 0 },
    ])
    const seen = host.requests[0]
    expect(seen?.method).toBe('POST')
    expect(seen?.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(new URLSearchParams(seen?.body.toString()).get('key')).toBe(KEY)
    expect(seen?.url.search).toBe('')
  })
})

describe('malformed answers become typed errors', () => {
  const cases: Array<[string, FakeHandler, string]> = [
    [
      'an HTML page',
      (_q, res) => reply(res, '<html><body>Bad gateway</body></html>', 200, { 'content-type': 'text/html' }),
      'malformed',
    ],
    ['an empty body', (_q, res) => reply(res, ''), 'malformed'],
    ['truncated JSON', (_q, res) => reply(res, '{"status":200,"msg":"OK","result":{"email"'), 'malformed'],
    [
      'a 502 HTML page',
      (_q, res) => reply(res, '<h1>502</h1>', 502, { 'content-type': 'text/html' }),
      'server',
    ],
    ['a 500 JSON error', (_q, res) => reply(res, { status: 500, msg: 'Internal error' }, 500), 'server'],
    [
      'an error status inside HTTP 200',
      (_q, res) => reply(res, { status: 500, msg: 'DB down', server_time: 'x' }),
      'server',
    ],
    ['a wrong shape', (_q, res) => reply(res, ok({ email: 5 })), 'malformed'],
    ['a JSON string', (_q, res) => reply(res, '"hello"'), 'malformed'],
  ]
  for (const [what, handler, kind] of cases) {
    it(`${what} → ${kind}`, async () => {
      const { client } = await setup(handler)
      const err = await failure(client.accountInfo())
      expect(err.kind).toBe(kind)
      expect(err.operation).toBe('account/info')
    })
  }

  it('a body cut off mid-way (shorter than its Content-Length) → network', async () => {
    const { client } = await setup((_q, res, raw) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' })
      res.write('{"status":200,"msg":"OK","res')
      setTimeout(() => raw.socket.destroy(), 20)
    })
    expect((await failure(client.accountInfo())).kind).toBe('network')
  })

  it('a connection dropped before any answer → network', async () => {
    const { client } = await setup((_q, _res, raw) => {
      raw.socket.destroy()
    })
    expect((await failure(client.accountInfo())).kind).toBe('network')
  })

  it('a refused connection → network, with the address but not the key', async () => {
    const { host } = await setup((_q, res) => reply(res, ok(info)))
    const base = host.baseUrl
    await host.close()
    const refused = new ApiClient({ baseUrl: base, apiKey: KEY, retries: 0 })
    const err = await failure(refused.accountInfo()).finally(() => refused.close())
    expect(err.kind).toBe('network')
    expect(err.message).toContain('/api/account/info')
  })

  it('a redirect is not followed and names the new address without the key', async () => {
    const { client, host } = await setup((q, res) =>
      reply(res, '', 301, { location: `https://elsewhere.example/api/account/info${q.url.search}` }),
    )
    const err = await failure(client.accountInfo())
    expect(err.kind).toBe('server')
    expect(err.message).toContain('https://elsewhere.example/api/account/info')
    expect(host.requests).toHaveLength(1)
  })

  it('a host that never answers → timeout', async () => {
    const { client, host } = await setup(() => {}, { timeoutMs: 200 })
    // The time limit on a fake clock: the call is still waiting 1 ms before it, and fails at it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      let settled = false
      const call = failure(client.accountInfo()).finally(() => {
        settled = true
      })
      // (vi.waitFor would move the fake clock on.)
      while (host.requests.length === 0) await new Promise((resolve) => setImmediate(resolve))
      await vi.advanceTimersByTimeAsync(199)
      expect(settled).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect((await call).kind).toBe('timeout')
    } finally {
      vi.useRealTimers()
    }
  })

  it('a caller abort → cancelled', async () => {
    const { client } = await setup(() => {})
    const ac = new AbortController()
    setTimeout(() => ac.abort(), 50)
    expect((await failure(client.accountInfo({ signal: ac.signal }))).kind).toBe('cancelled')
  })

  it('429 with Retry-After seconds → rate_limited with retryAfterMs', async () => {
    const { client } = await setup((_q, res) =>
      reply(res, 'slow down', 429, { 'retry-after': '7', 'content-type': 'text/plain' }),
    )
    const err = await failure(client.accountInfo())
    expect(err.kind).toBe('rate_limited')
    expect(err.retryAfterMs).toBe(7000)
  })

  it('429 with an HTTP-date Retry-After → rate_limited with the wait until then', async () => {
    // The clock stands at a whole second, so the wait is exact however long the round trip takes.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 0, 1, 12, 0, 0) })
    try {
      const at = new Date(Date.now() + 20_000).toUTCString()
      const { client } = await setup((_q, res) =>
        reply(res, { status: 429, msg: 'Too many requests' }, 429, { 'retry-after': at }),
      )
      const err = await failure(client.accountInfo())
      expect(err.kind).toBe('rate_limited')
      expect(err.retryAfterMs).toBe(20_000)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('envelope failures map to kinds, never leaking the key', () => {
  const cases: Array<[unknown, string]> = [
    [{ status: 403, msg: 'Invalid key' }, 'auth'],
    [{ status: 400, msg: 'Wrong key' }, 'auth'],
    [{ status: '400', msg: 'No key' }, 'auth'],
    [{ status: 404, msg: 'no file' }, 'not_found'],
    [{ status: 400, msg: 'Folder not found' }, 'not_found'],
    [{ status: 400, msg: 'Bad parameter: name' }, 'invalid_input'],
    [{ msg: 'Something broke' }, 'server'],
    [{ status: 'error', msg: 'Something broke' }, 'server'],
  ]
  for (const [body, kind] of cases) {
    it(`${JSON.stringify(body)} → ${kind}`, async () => {
      const { client } = await setup((_q, res) => reply(res, body))
      const err = await failure(client.fileRename('abcdefghijkl', 'x'))
      expect(err.kind).toBe(kind)
    })
  }

  it('masks the key when the host echoes it, in its msg or in a URL', async () => {
    const { client } = await setup((_q, res) =>
      reply(res, { status: 403, msg: `Invalid key ${KEY} for http://h/api/x?key=${KEY}&a=1` }),
    )
    const err = await failure(client.accountInfo())
    expect(err.kind).toBe('auth')
    expect(JSON.stringify(err.toJSON())).not.toContain(KEY)
    expect(err.message).toContain('key=***')
  })

  it('gives an auth message a person can act on', async () => {
    const { client } = await setup((_q, res) => reply(res, { status: 403, msg: 'Invalid key' }))
    const err = await failure(client.accountInfo())
    expect(err.message).toMatch(/rejected the API key while reading the account.*Check/)
    expect(err.status).toBe(403)
  })
})
