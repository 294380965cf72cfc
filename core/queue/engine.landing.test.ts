import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatBytes } from '../../shared/format-bytes.ts'
import { errorText } from '../../shared/i18n/error-text.ts'
import { ok, reply, startFakeHost } from '../api/testing/fake-host.ts'
import { intlFor } from '../i18n/main-intl.ts'
import { buildLinkPack } from '../links/build-link-pack.ts'
import {
  allFiles,
  clientOf,
  ofType,
  openEngine,
  removeDir,
  sandbox,
  tempDir,
  writeTree,
} from './testing/support.ts'

/**
 * A fake host whose upload server answers OK without a usable result: the code `undef`, a code that is not in
 * the account (stored anonymously), or a refusal in its own words.
 */
async function misbehavingHost(answer: (name: string) => unknown) {
  const host = await startFakeHost((req, res) => {
    const path = req.url.pathname
    if (path === '/api/account/info') {
      return reply(res, ok({ email: 'a@b.c', balance: '0.00000', storage_used: null, storage_left: 'inf' }))
    }
    if (path === '/api/upload/server')
      return reply(res, ok(`${host.baseUrl}/cgi-bin/upload.cgi`, { sess_id: 's1' }))
    if (path === '/cgi-bin/upload.cgi') {
      const name = /filename="([^"]+)"/.exec(req.body.toString('latin1'))?.[1] ?? ''
      return reply(res, answer(name))
    }
    if (path === '/api/file/list')
      return reply(res, { msg: 'OK', result: { files: [], results_total: 0, results: 0 } })
    if (path === '/api/file/info') {
      const code = req.url.searchParams.get('file_code') ?? ''
      return reply(res, ok([{ filecode: code, status: 404 }]))
    }
    reply(res, { status: 404, msg: 'unknown' })
  })
  return host
}

describe('verified landing and results', () => {
  let src: string

  beforeAll(async () => {
    src = await tempDir()
    await writeTree(src, {
      'undef.txt': 'one',
      'anon.txt': 'two',
      'refused.txt': 'three',
      'pack/x.txt': 'xx',
      'pack/sub/y.txt': 'yyy',
      'z.txt': 'z',
    })
  })

  afterAll(async () => {
    await removeDir(src)
  })

  it('counts an upload as done only when its code is in the account', async () => {
    const host = await misbehavingHost((name) => {
      if (name === 'undef.txt') return [{ file_code: 'undef', file_status: 'OK' }]
      if (name === 'anon.txt') return [{ file_code: 'abcdefghijkl', file_status: 'OK' }]
      return [{ file_code: '', file_status: 'Not enough disk space on server' }]
    })
    const client = clientOf(host.baseUrl, 'k'.repeat(24))
    const t = await openEngine({ clientFor: () => client, retry: { attempts: 3, baseMs: 5, maxMs: 10 } })
    const names = ['undef.txt', 'anon.txt', 'refused.txt']
    await t.engine.enqueuePaths({
      paths: names.map((n) => join(src, n)),
      targets: [{ accountId: 'fake', fldId: 0 }],
    })
    await t.engine.whenIdle()
    const [anon, refused, undef] = t.engine.snapshot().items // folder order: by name
    expect([anon?.name, refused?.name, undef?.name]).toEqual(['anon.txt', 'refused.txt', 'undef.txt'])
    expect(undef?.state).toBe('failed')
    expect(undef?.fileCode).toBeNull()
    expect(undef?.error?.message).toMatch(
      /^Gave up after 3 attempts\. .*without a usable file code \("undef"\)/,
    )
    expect(anon?.state).toBe('failed')
    expect(anon?.fileCode).toBeNull()
    expect(anon?.error?.message).toMatch(/with file code abcdefghijkl, but no such file is in this account/)
    // The host's own words, at once: retrying the same file would be refused the same way.
    expect(refused?.state).toBe('failed')
    expect(refused?.attempts).toBe(0)
    expect(refused?.error?.message).toContain('Not enough disk space on server')
    const finished = ofType(t.events, 'batch.finished')[0]
    expect(finished).toMatchObject({ failed: 3, entries: [] })
    expect(t.history.search({})).toEqual([])
    await t.close()
    await client.close()
    await host.close()
    await removeDir(t.dataDir)
  })

  it('takes a new upload session when the host has expired the one in use', async () => {
    const sb = await sandbox({ uploadSessionTtlSec: 1 })
    const client = clientOf(sb.baseUrl, sb.apiKey)
    const t = await openEngine({ clientFor: () => client })
    await t.engine.enqueuePaths({ paths: [join(src, 'z.txt')], targets: [{ accountId: 'main', fldId: 0 }] })
    await t.engine.whenIdle()
    await new Promise((r) => setTimeout(r, 1_100))
    await t.engine.enqueuePaths({
      paths: [join(src, 'pack', 'x.txt')],
      targets: [{ accountId: 'main', fldId: 0 }],
    })
    await t.engine.whenIdle()
    const [, second] = t.engine.snapshot().items
    expect(second?.state).toBe('done')
    expect(second?.attempts).toBe(1)
    expect(second?.error).toBeNull()
    expect((await allFiles(client)).map((f) => f.name).sort()).toEqual(['x.txt', 'z.txt'])
    await t.close()
    await client.close()
    await sb.close()
    await removeDir(sb.dataDir)
    await removeDir(t.dataDir)
  })

  it('mirrors one drop to two accounts and groups the batch per account, in folder order', async () => {
    const sb = await sandbox()
    const two = await sb.createAccount('two@sandbox.local')
    const small = await sb.createAccount('small@sandbox.local', { quotaBytes: 5 })
    const clients = new Map([
      ['one', clientOf(sb.baseUrl, sb.apiKey)],
      ['two', clientOf(sb.baseUrl, two.apiKey)],
      ['small', clientOf(sb.baseUrl, small.apiKey)],
    ])
    const t = await openEngine({
      clientFor: (id) => clients.get(id) as NonNullable<ReturnType<typeof clients.get>>,
      accountLabel: (id) => `Label ${id}`,
    })
    const r = await t.engine.enqueuePaths({
      paths: [join(src, 'pack'), join(src, 'z.txt')],
      targets: ['two', 'small', 'one'].map((accountId) => ({ accountId, fldId: 0 })),
    })
    expect(r.accepted).toBe(6)
    expect(r.problems).toHaveLength(1)
    expect(r.problems[0]).toMatchObject({ kind: 'not_enough_storage', accountId: 'small' })
    expect(r.problems[0]?.message).toMatch(/^Not enough storage on the account/)
    // In the window's language, its sizes in the window's units and digits (…Bytes values).
    const need = Number(r.problems[0]?.values?.needBytes)
    const size = (bytes: number) => formatBytes(bytes, 'binary', 'pt-BR')
    const problem = r.problems[0]
    expect(need).toBeGreaterThan(5)
    expect(problem && errorText(await intlFor('pt-BR'), { ...problem, kind: 'invalid_input' }, size)).toBe(
      `Não há armazenamento suficiente na conta: ${size(need)} para enviar (incluindo os envios na fila) e restam ${size(5)}. Nada foi colocado na fila para esta conta; libere espaço ou escolha outra conta.`,
    )
    await t.engine.whenIdle()
    const finished = ofType(t.events, 'batch.finished')
    expect(finished).toHaveLength(1)
    const groups = finished[0]?.groups ?? []
    expect(groups.map((g) => [g.accountId, g.accountLabel])).toEqual([
      ['two', 'Label two'],
      ['one', 'Label one'],
    ])
    for (const g of groups) {
      expect(g.entries.map((e) => e.relPath)).toEqual(['z.txt', 'pack/x.txt', 'pack/sub/y.txt'])
      const files = await allFiles(clients.get(g.accountId) as NonNullable<ReturnType<typeof clients.get>>)
      expect(files.map((f) => f.name).sort()).toEqual(['x.txt', 'y.txt', 'z.txt'])
      expect(g.entries.map((e) => e.fileCode).sort()).toEqual(files.map((f) => f.fileCode).sort())
    }
    expect(finished[0]?.entries).toHaveLength(6)
    const pack = await buildLinkPack(finished[0]?.entries ?? [], 'page', (id) => {
      const c = clients.get(id)
      if (!c) throw new Error(`no client for ${id}`)
      return c
    })
    expect(pack.split('\n')).toEqual(finished[0]?.entries.map((e) => e.pageLink))
    expect(t.history.search({ accountId: 'one' })).toHaveLength(3)
    expect(await allFiles(clients.get('small') as NonNullable<ReturnType<typeof clients.get>>)).toEqual([])
    await t.close()
    for (const c of clients.values()) await c.close()
    await sb.close()
    await removeDir(sb.dataDir)
    await removeDir(t.dataDir)
  })
})
