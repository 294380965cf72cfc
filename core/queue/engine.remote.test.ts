import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../api/client.ts'
import { buildLinkPack } from '../links/build-link-pack.ts'
import { remoteName } from './remote-item.ts'
import { clientOf, ofType, openEngine, removeDir, sandbox, tempDir, writeTree } from './testing/support.ts'

/** Remote URLs: the host fetches them itself; the queue sees them land by polling the target folder. */
describe('remote URLs', () => {
  let sb: Awaited<ReturnType<typeof sandbox>>
  let client: ApiClient
  let web: Server
  let webBase: string
  const served = new Map<string, Buffer>([
    ['/files/alpha.bin', randomBytes(3000)],
    ['/files/with%20space.txt', Buffer.from('hello from a remote server')],
    ['/deep/path/beta.bin', randomBytes(70_000)],
    ['/files/again.bin', randomBytes(1234)],
  ])

  beforeAll(async () => {
    sb = await sandbox()
    client = clientOf(sb.baseUrl, sb.apiKey)
    web = createServer((req, res) => {
      const body = served.get(req.url ?? '')
      if (!body) {
        res.writeHead(404).end('not here')
        return
      }
      // A little later, so the first polls find nothing yet.
      setTimeout(() => res.writeHead(200, { 'content-length': body.length }).end(body), 150)
    })
    await new Promise<void>((r) => web.listen(0, '127.0.0.1', r))
    webBase = `http://127.0.0.1:${(web.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    await client.close()
    await sb.close()
    await removeDir(sb.dataDir)
    await new Promise((r) => web.close(r))
  })

  it('names files like the host does', () => {
    expect(remoteName('https://x.example/a/b/file%20one.zip?x=1')).toBe('file one.zip')
    expect(remoteName('https://x.example/')).toBe('remote_file')
    expect(remoteName('https://x.example/bad%zzname')).toBe('bad%zzname')
  })

  it('tracks many URLs to completion in the target folder, and fails the one the host cannot fetch', async () => {
    const fld = (await client.folderCreate('remote', 0)).fldId
    // A file of the same name already in the folder is not mistaken for the new one.
    const src = await tempDir()
    await writeTree(src, { 'again.bin': 'an older, different file' })
    const older = await client.upload(`${src}/again.bin`)
    await client.fileSetFolder(older.fileCode, fld)

    const t = await openEngine({
      clientFor: () => client,
      remoteTimeoutMs: 2_000,
      remotePollMs: { first: 50, max: 200 },
    })
    const urls = [...served.keys()].map((p) => `${webBase}${p}`)
    const r = await t.engine.enqueueUrls({
      urls: [...urls, `${webBase}/missing.bin`, 'ftp://nope.example/x', urls[0] as string],
      targets: [{ accountId: 'main', fldId: fld, folderPath: 'remote' }],
    })
    expect(r.accepted).toBe(5)
    expect(r.problems).toEqual([
      {
        path: 'ftp://nope.example/x',
        kind: 'invalid_url',
        message: 'This is not an http:// or https:// address.',
        messageId: 'queue.problem.notHttp',
        values: {},
      },
    ])
    const pending = new Set<string>()
    t.engine.onEvent((e) => {
      if (e.type === 'queue.item' && e.item.state === 'pending') pending.add(e.item.name)
    })
    await t.engine.whenIdle()
    const items = t.engine.snapshot().items
    const byName = new Map(items.map((i) => [i.name, i]))
    expect(items.map((i) => i.state)).toEqual(['done', 'done', 'done', 'done', 'failed'])
    expect(byName.get('alpha.bin')?.size).toBe(3000)
    expect(byName.get('with space.txt')?.size).toBe(26)
    expect(byName.get('beta.bin')?.size).toBe(70_000)
    expect(byName.get('again.bin')?.fileCode).not.toBe(older.fileCode)
    expect(byName.get('missing.bin')?.error?.message).toMatch(
      /^The host did not finish fetching http:\/\/127\.0\.0\.1:\d+\/missing\.bin within 2 s\. Check that the URL works from the host/,
    )
    expect(pending.size).toBeGreaterThanOrEqual(4)

    const listing = await client.folderList(fld)
    expect(listing.files.map((f) => f.name).sort()).toEqual([
      'again.bin',
      'again.bin',
      'alpha.bin',
      'beta.bin',
      'with space.txt',
    ])
    const finished = ofType(t.events, 'batch.finished')[0]
    expect(finished?.kind).toBe('urls')
    expect(finished?.failed).toBe(1)
    // Pack order, as every link pack of the batch lists them (by name: URLs have no folders).
    expect(finished?.entries.map((e) => [e.name, e.folderPath, e.fldId])).toEqual([
      ['again.bin', 'remote', fld],
      ['alpha.bin', 'remote', fld],
      ['beta.bin', 'remote', fld],
      ['with space.txt', 'remote', fld],
    ])
    const pack = await buildLinkPack(finished?.entries ?? [], 'page', () => client)
    expect(pack.split('\n')).toContain(`${sb.baseUrl}/${byName.get('beta.bin')?.fileCode}`)
    await t.close()
    await removeDir(t.dataDir)
    await removeDir(src)
  })
})
