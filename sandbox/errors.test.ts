import { describe, expect, it } from 'vitest'
import { expectError, sandboxForAll } from './test-support.ts'

const t = sandboxForAll()

const getOps = [
  'account/info',
  'account/stats',
  'upload/server',
  'upload/url',
  'file/direct_link',
  'file/info',
  'file/list',
  'file/rename',
  'file/clone',
  'file/set_folder',
  'files/deleted',
  'folder/list',
  'folder/create',
  'folder/rename',
]

describe('errors', () => {
  it('every account operation answers 403 "No key" / "Invalid key" inside HTTP 200', async () => {
    for (const op of getOps) {
      const none = await fetch(`${t.sb.baseUrl}/api/${op}`)
      expect(none.status).toBe(200)
      expectError(await none.json(), 403, 'No key')
      const empty = await fetch(`${t.sb.baseUrl}/api/${op}?key=`)
      expectError(await empty.json(), 403, 'No key')
      const wrong = await fetch(`${t.sb.baseUrl}/api/${op}?key=wrongkey123`)
      expect(wrong.status).toBe(200)
      expectError(await wrong.json(), 403, 'Invalid key')
    }
    const check = await fetch(`${t.sb.baseUrl}/api/files/check`, {
      method: 'POST',
      body: new URLSearchParams({}),
    })
    expectError(await check.json(), 403, 'No key')
  })

  it('a key in the query string does not authorise a POST form', async () => {
    const res = await fetch(`${t.sb.baseUrl}/api/files/check?key=${t.sb.apiKey}`, {
      method: 'POST',
      body: new URLSearchParams({ url_0: 'x' }),
    })
    expectError(await res.json(), 403, 'No key')
  })

  it('files of another account are unknown (404), not forbidden', async () => {
    const [row] = await t.upload([{ name: 'mine', data: 'm' }])
    const { apiKey } = await t.sb.createAccount('someone@example.com')
    for (const op of ['file/direct_link', 'file/rename', 'file/clone', 'file/set_folder']) {
      expectError(
        await t.api(op, { key: apiKey, file_code: row.file_code, name: 'n', fld_id: 0 }),
        404,
        /File not found/,
      )
    }
    expect((await t.api('file/info', { key: apiKey, file_code: row.file_code })).result[0].status).toBe(404)
  })

  it('unknown operations are HTTP 404, wrong methods HTTP 405, both with the error envelope', async () => {
    const unknown = await fetch(`${t.sb.baseUrl}/api/file/explode?key=${t.sb.apiKey}`)
    expect(unknown.status).toBe(404)
    expectError(await unknown.json(), 404, /Unknown/)
    const post = await fetch(`${t.sb.baseUrl}/api/account/info?key=${t.sb.apiKey}`, {
      method: 'POST',
      body: 'x',
    })
    expect(post.status).toBe(405)
    expectError(await post.json(), 405)
    const sandboxUnknown = await fetch(`${t.sb.baseUrl}/sandbox/nothing?key=${t.sb.apiKey}`)
    expect(sandboxUnknown.status).toBe(404)
  })

  it('bad parameters are status 400 with a message naming the parameter', async () => {
    expectError(await t.api('account/stats', { last: 'week' }), 400, /last/)
    expectError(await t.api('file/set_folder', { file_code: 'x', fld_id: 'root' }), 400, /fld_id/)
    expectError(await t.api('folder/create', { parent_id: 'top', name: 'x' }), 400, /parent_id/)
    expectError(await t.api('file/rename', { file_code: 'zzzzzzzzzzzz' }), 400, /name/)
    expectError(await t.api('folder/create', { name: 'x'.repeat(256) }), 400, /255/)
  })
})
