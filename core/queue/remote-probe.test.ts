import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../api/client.ts'
import { probeUrl, probeUrls } from './remote-probe.ts'
import { allFiles, clientOf, openEngine, removeDir, sandbox } from './testing/support.ts'

/** The check a remote URL gets before a host is asked to fetch it, against real local HTTP servers. */
describe('remote URL check', () => {
  let web: Server
  let base: string
  let refused: string
  const file = randomBytes(4321)
  /** The requests the web server was asked, as `METHOD /path`. */
  const asked: string[] = []

  beforeAll(async () => {
    web = createServer((req, res) => {
      asked.push(`${req.method} ${req.url}`)
      switch (req.url) {
        case '/file.bin':
          res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': file.length })
          res.end(req.method === 'HEAD' ? undefined : file)
          return
        case '/page':
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html>download here</html>')
          return
        case '/signed.bin':
          // Like a URL signed for GET only: HEAD is refused, a one-byte GET is answered with the total size.
          if (req.method === 'HEAD') return void res.writeHead(403).end()
          expect(req.headers.range).toBe('bytes=0-0')
          res.writeHead(206, { 'content-range': `bytes 0-0/${file.length}`, 'content-length': 1 })
          res.end(file.subarray(0, 1))
          return
        case '/broken':
          res.writeHead(503).end('down')
          return
        case '/slow':
          return // never answers
        default:
          res.writeHead(404).end('not here')
      }
    })
    await new Promise<void>((r) => web.listen(0, '127.0.0.1', r))
    base = `http://127.0.0.1:${(web.address() as AddressInfo).port}`
    // A port that was just free: nothing listens there.
    const gone = createServer()
    await new Promise<void>((r) => gone.listen(0, '127.0.0.1', r))
    refused = `http://127.0.0.1:${(gone.address() as AddressInfo).port}/file.bin`
    await new Promise((r) => gone.close(r))
  })

  afterAll(async () => {
    web.closeAllConnections()
    await new Promise((r) => web.close(r))
  })

  it('sees a real file, with its size, by HEAD', async () => {
    expect(await probeUrl(`${base}/file.bin`)).toEqual({
      url: `${base}/file.bin`,
      kind: 'file',
      size: 4321,
      contentType: 'application/octet-stream',
    })
    expect(asked).toContain('HEAD /file.bin')
  })

  it('falls back to a one-byte GET when HEAD is refused', async () => {
    expect(await probeUrl(`${base}/signed.bin`)).toMatchObject({ kind: 'file', size: 4321 })
  })

  it('says why a URL is dead, in words', async () => {
    const [missing, broken, noServer, slow] = await probeUrls(
      [`${base}/missing.zip`, `${base}/broken`, refused, `${base}/slow`],
      { timeoutMs: 400 },
    )
    expect(missing).toEqual({
      url: `${base}/missing.zip`,
      kind: 'dead',
      message: 'The server says there is no such file (404 Not Found).',
      // The words again, for a reader to show in its language: the server's status as it wrote it is a value.
      messageId: 'queue.urlCheck.noSuchFile',
      values: { code: '404 Not Found' },
    })
    expect(broken).toMatchObject({
      message: 'The server failed to answer (503 Service Unavailable); try again later.',
    })
    expect(noServer).toMatchObject({
      message: expect.stringMatching(
        /^Nothing answers at 127\.0\.0\.1:\d+ \(the connection was refused\)\.$/,
      ),
    })
    expect(slow).toMatchObject({
      kind: 'dead',
      message: expect.stringMatching(/did not answer within 400 ms\.$/),
    })
  })

  it('refuses at once, with the reason, a port fetch will not try (9): never sent on to be "fetched"', async () => {
    const [nine, x11] = await probeUrls(['http://127.0.0.1:9/never.bin', 'https://example.invalid:6000/a'])
    expect(nine).toMatchObject({
      url: 'http://127.0.0.1:9/never.bin',
      kind: 'dead',
      message: expect.stringMatching(
        /^Port 9 is kept for another kind of service .* turn off “Check each URL from this computer” in Settings/,
      ),
    })
    // Refused from the list alone: no lookup of the name, no connection (an unknown host would say so).
    expect(x11).toMatchObject({ kind: 'dead', message: expect.stringMatching(/^Port 6000 is kept/) })
  })

  it('warns about a web page', async () => {
    expect(await probeUrl(`${base}/page`)).toMatchObject({
      kind: 'web_page',
      message: expect.stringContaining('This is a web page, not a file'),
    })
  })

  describe('before the queue sends them (sandbox host)', () => {
    let sb: Awaited<ReturnType<typeof sandbox>>
    let client: ApiClient

    beforeAll(async () => {
      sb = await sandbox()
      client = clientOf(sb.baseUrl, sb.apiKey)
    })
    afterAll(async () => {
      await client.close()
      await sb.close()
      await removeDir(sb.dataDir)
    })

    it('refuses dead URLs and skips web pages at once, and sends the good one', async () => {
      const t = await openEngine({ clientFor: () => client, remotePollMs: { first: 50, max: 200 } })
      asked.length = 0
      const r = await t.engine.enqueueUrls({
        urls: [`${base}/missing.zip`, refused, `${base}/page`, `${base}/file.bin`],
        targets: [{ accountId: 'main', fldId: 0 }],
        check: { webPages: 'skip' },
      })
      // At once: the enqueue itself checked each URL with one request, none retried, and refused the dead ones.
      expect([...asked].sort()).toEqual(['HEAD /file.bin', 'HEAD /missing.zip', 'HEAD /page'])
      expect(r.accepted).toBe(1)
      expect(r.problems.map((p) => [p.path, p.kind])).toEqual([
        [`${base}/missing.zip`, 'unreachable_url'],
        [refused, 'unreachable_url'],
        [`${base}/page`, 'web_page'],
      ])
      expect(r.problems[2]?.message).toMatch(/web page, not a file.*Skipped\.$/)
      await t.engine.whenIdle()
      const items = t.engine.snapshot().items
      expect(items.map((i) => [i.name, i.state])).toEqual([['file.bin', 'done']])
      const names = (await allFiles(client)).map((f) => f.name)
      expect(names).toContain('file.bin')
      expect(names).not.toContain('page')
      // The host fetched the good one alone.
      expect(asked.filter((a) => a.startsWith('GET'))).toEqual(['GET /file.bin'])

      // Upload anyway: the person chose to send the page.
      const again = await t.engine.enqueueUrls({
        urls: [`${base}/page`],
        targets: [{ accountId: 'main', fldId: 0 }],
        check: { webPages: 'upload' },
      })
      expect(again).toMatchObject({ accepted: 1, problems: [] })
      await t.engine.whenIdle()
      expect(t.engine.snapshot().items.find((i) => i.name === 'page')?.state).toBe('done')
      await t.close()
    })
  })
})
