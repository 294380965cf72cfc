import type { ServerResponse } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ok, reply, startFakeHost } from '../api/testing/fake-host.ts'
import { clientOf, openEngine, removeDir, tempDir, writeTree } from './testing/support.ts'

const TARGET = 7
const CONTENT = 'the bytes'

/**
 * What an upload does before its first byte: the snapshot of same-named files (file/list of the root and of the
 * target folder) and the upload session (upload/server). A fake host holds each of these answers until all
 * three requests are waiting at once, or until a safety delay has passed (for code that asks one at a time;
 * long, so that on a loaded machine the first is not let go before the last arrives), and notes whether they
 * ever were all waiting.
 */
async function holdingHost() {
  let waiting: { res: ServerResponse; send: () => void }[] = []
  let allAtOnce = false
  const release = () => {
    for (const w of waiting) w.send()
    waiting = []
  }
  const hold = (res: ServerResponse, send: () => void) => {
    waiting.push({ res, send })
    if (waiting.length === 3) {
      allAtOnce = true
      release()
    } else setTimeout(release, 2_000)
  }
  const host = await startFakeHost((req, res) => {
    const path = req.url.pathname
    if (path === '/api/account/info') {
      return reply(res, ok({ email: 'a@b.c', balance: '0.00000', storage_used: null, storage_left: 'inf' }))
    }
    if (path === '/api/file/list') {
      return hold(res, () => reply(res, { msg: 'OK', result: { files: [], results_total: 0, results: 0 } }))
    }
    if (path === '/api/upload/server') {
      return hold(res, () => reply(res, ok(`${host.baseUrl}/cgi-bin/upload.cgi`, { sess_id: 's1' })))
    }
    if (path === '/cgi-bin/upload.cgi') return reply(res, [{ file_code: 'abcdefghijkl', file_status: 'OK' }])
    if (path === '/api/file/info') {
      return reply(res, ok([{ filecode: 'abcdefghijkl', status: 200, name: 'a.txt', size: CONTENT.length }]))
    }
    if (path === '/api/file/set_folder') return reply(res, ok())
    reply(res, { status: 404, msg: 'unknown' })
  })
  return { host, allAtOnce: () => allAtOnce }
}

describe('before the first byte of an upload', () => {
  let src: string

  beforeAll(async () => {
    src = await tempDir()
    await writeTree(src, { 'a.txt': CONTENT })
  })

  afterAll(async () => {
    await removeDir(src)
  })

  it('lists the root and the target folder and asks for the upload session at once, not one after the other', async () => {
    const { host, allAtOnce } = await holdingHost()
    const client = clientOf(host.baseUrl, 'k'.repeat(24))
    const t = await openEngine({ clientFor: () => client })
    try {
      await t.engine.enqueuePaths({
        paths: [join(src, 'a.txt')],
        targets: [{ accountId: 'fake', fldId: TARGET }],
        ifAlreadyThere: 'upload',
      })
      await t.engine.whenIdle()
      expect(t.engine.snapshot().items[0]).toMatchObject({ state: 'done', fileCode: 'abcdefghijkl' })
      const calls = host.requests.map((r) => `${r.url.pathname} ${r.url.searchParams.get('fld_id') ?? ''}`)
      expect(calls.filter((c) => c.startsWith('/api/file/list')).sort()).toEqual([
        '/api/file/list 0',
        `/api/file/list ${TARGET}`,
      ])
      expect(calls.filter((c) => c.startsWith('/api/upload/server'))).toHaveLength(1)
      expect(allAtOnce()).toBe(true)
    } finally {
      await t.close()
      await client.close()
      await host.close()
    }
  })
})
