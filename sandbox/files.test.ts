import { beforeAll, describe, expect, it } from 'vitest'
import type { Json } from './test-support.ts'
import { codeRe, expectError, expectOk, getJson, sandboxForAll, timestampRe } from './test-support.ts'

const t = sandboxForAll()
let codes: string[]
beforeAll(async () => {
  // Uploaded one by one so their order (newest first) is known: c4 is the newest.
  codes = []
  for (const name of ['Alpha.txt', 'beta.TXT', 'gamma.bin', 'ALPHABET.md', 'delta.txt']) {
    const [row] = await t.upload([{ name, data: name.repeat(3) }])
    codes.push(row.file_code)
  }
})

const c = (i: number) => codes[i] as string

describe('op 8 file/info', () => {
  it('returns an array of records with filecode (not file_code)', async () => {
    const body = await t.api('file/info', { file_code: c(0) })
    expectOk(body)
    expect(body.result).toEqual([
      {
        filecode: c(0),
        name: 'Alpha.txt',
        status: 200,
        size: 27,
        uploaded: expect.stringMatching(timestampRe),
        downloads: 0,
      },
    ])
  })

  it('accepts several comma-separated codes; unknown codes get a status 404 record', async () => {
    const body = await t.api('file/info', { file_code: `${c(1)},zzzzzzzzzzzz,${c(2)}` })
    expectOk(body)
    expect(body.result.map((r: Json) => [r.filecode, r.status])).toEqual([
      [c(1), 200],
      ['zzzzzzzzzzzz', 404],
      [c(2), 200],
    ])
    expect(body.result[1]).toEqual({ filecode: 'zzzzzzzzzzzz', status: 404 })
  })

  it('refuses more than 100 codes and a missing file_code', async () => {
    expectError(await t.api('file/info', { file_code: Array(101).fill(c(0)).join(',') }), 400, /Too many/)
    expectError(await t.api('file/info'), 400, /file_code/)
  })
})

describe('op 9 file/list', () => {
  it('answers only msg and result; records have the spec fields, newest first', async () => {
    const body = await t.api('file/list')
    expect(Object.keys(body).sort()).toEqual(['msg', 'result'])
    expect(body.msg).toBe('OK')
    expect(body.result.results_total).toBe(5)
    expect(body.result.results).toBe(5)
    expect(body.result.files.map((f: Json) => f.file_code)).toEqual([c(4), c(3), c(2), c(1), c(0)])
    const f = body.result.files[4]
    expect(f).toEqual({
      name: 'Alpha.txt',
      file_code: c(0),
      downloads: 0,
      thumbnail: null,
      public: 1,
      size: 27,
      link: `${t.sb.baseUrl}/${c(0)}/Alpha.txt.html`,
      fld_id: 0,
      uploaded: expect.stringMatching(timestampRe),
    })
  })

  it('pages with page/per_page; past the end is empty', async () => {
    const p1 = await t.api('file/list', { page: 1, per_page: 2 })
    const p3 = await t.api('file/list', { page: 3, per_page: 2 })
    const p4 = await t.api('file/list', { page: 4, per_page: 2 })
    expect(p1.result.files.map((f: Json) => f.file_code)).toEqual([c(4), c(3)])
    expect(p3.result.files.map((f: Json) => f.file_code)).toEqual([c(0)])
    expect([p3.result.results, p3.result.results_total]).toEqual([1, 5])
    expect([p4.result.results, p4.result.results_total, p4.result.files]).toEqual([0, 5, []])
  })

  it('filters by name (case-insensitive substring), created, public and fld_id', async () => {
    const byName = await t.api('file/list', { name: 'alpha' })
    expect(byName.result.files.map((f: Json) => f.file_code)).toEqual([c(3), c(0)])
    expect(byName.result.results_total).toBe(2)
    const paged = await t.api('file/list', { name: 'TXT', per_page: 1, page: 2 })
    expect(paged.result.files.map((f: Json) => f.file_code)).toEqual([c(1)])
    expect(paged.result.results_total).toBe(3)

    expect((await t.api('file/list', { created: '2000-01-01 00:00:00' })).result.results_total).toBe(5)
    expect((await t.api('file/list', { created: '2999-01-01 00:00:00' })).result.results_total).toBe(0)
    expect((await t.api('file/list', { public: 1 })).result.results_total).toBe(5)
    expect((await t.api('file/list', { public: 0 })).result.results_total).toBe(0)

    const folder = await t.api('folder/create', { parent_id: 0, name: 'list-filter' })
    await t.api('file/set_folder', { file_code: c(2), fld_id: folder.result.fld_id })
    const inFolder = await t.api('file/list', { fld_id: folder.result.fld_id })
    expect(inFolder.result.files.map((f: Json) => [f.file_code, f.fld_id])).toEqual([
      [c(2), folder.result.fld_id],
    ])
    expect((await t.api('file/list', { fld_id: 0 })).result.results_total).toBe(4)
    expect((await t.api('file/list')).result.results_total).toBe(5)
    await t.api('file/set_folder', { file_code: c(2), fld_id: 0 })
  })

  it('clamps per_page to 1000 and refuses bad values', async () => {
    expect((await t.api('file/list', { per_page: 5000 })).result.results).toBe(5)
    expectError(await t.api('file/list', { page: 0 }), 400, /page/)
    expectError(await t.api('file/list', { per_page: 'ten' }), 400, /per_page/)
    expectError(await t.api('file/list', { public: 2 }), 400, /public/)
    expectError(await t.api('file/list', { created: 'yesterday' }), 400, /created/)
    expectError(await t.api('file/list', { fld_id: 'x' }), 400, /fld_id/)
    expectError(await t.api('file/list', { fld_id: 987654 }), 404, /Folder/)
  })
})

describe('ops 10-12: rename, clone, set_folder', () => {
  it('op 10 file/rename answers the string "true"', async () => {
    const body = await t.api('file/rename', { file_code: c(1), name: 'renamed.txt' })
    expectOk(body)
    expect(body.result).toBe('true')
    expect(typeof body.result).toBe('string')
    expect((await t.api('file/info', { file_code: c(1) })).result[0].name).toBe('renamed.txt')
    expectError(await t.api('file/rename', { file_code: c(1), name: '   ' }), 400, /name/)
    expectError(await t.api('file/rename', { file_code: 'nosuchfile00', name: 'x' }), 404, /File not found/)
  })

  it('op 11 file/clone: new code, same content, root folder, result {url, filecode}', async () => {
    const folder = await t.api('folder/create', { parent_id: 0, name: 'clone-src' })
    await t.api('file/set_folder', { file_code: c(2), fld_id: folder.result.fld_id })
    const body = await t.api('file/clone', { file_code: c(2) })
    expectOk(body)
    const code = body.result.filecode
    expect(code).toMatch(codeRe)
    expect(code).not.toBe(c(2))
    expect(body.result.url).toBe(`${t.sb.baseUrl}/${code}`)
    expect(body.result).not.toHaveProperty('file_code')
    const info = (await t.api('file/info', { file_code: code })).result[0]
    expect([info.name, info.size, info.downloads]).toEqual(['gamma.bin', 27, 0])
    const list = await t.api('file/list', { fld_id: 0 })
    expect(list.result.files[0].file_code).toBe(code)
    const link = await t.api('file/direct_link', { file_code: code })
    expect(await (await fetch(link.result.url)).text()).toBe('gamma.bin'.repeat(3))
    await t.api('file/set_folder', { file_code: c(2), fld_id: 0 })
  })

  it('op 12 file/set_folder: no result; fld_id must exist', async () => {
    const folder = await t.api('folder/create', { parent_id: 0, name: 'target' })
    const body = await t.api('file/set_folder', { file_code: c(0), fld_id: folder.result.fld_id })
    expectOk(body)
    expect(body).not.toHaveProperty('result')
    const listed = await t.api('folder/list', { fld_id: folder.result.fld_id })
    expect(listed.result.files.map((f: Json) => f.file_code)).toEqual([c(0)])
    expectError(await t.api('file/set_folder', { file_code: c(0), fld_id: 99999 }), 404, /Folder/)
    expectError(await t.api('file/set_folder', { file_code: c(0) }), 400, /fld_id/)
    await t.api('file/set_folder', { file_code: c(0), fld_id: 0 })
  })
})

describe('op 13 files/deleted', () => {
  it('lists files deleted through /sandbox/file/delete with deleted_ago_sec', async () => {
    const [row] = await t.upload([{ name: 'doomed.txt', data: 'bye' }])
    const del = await getJson(
      `${t.sb.baseUrl}/sandbox/file/delete?key=${t.sb.apiKey}&file_code=${row.file_code}`,
    )
    expectOk(del)
    const body = await t.api('files/deleted')
    expectOk(body)
    expect(body.result[0]).toEqual({
      deleted_ago_sec: expect.any(Number),
      deleted: expect.stringMatching(timestampRe),
      file_code: row.file_code,
      name: 'doomed.txt',
    })
    expect(Number.isInteger(body.result[0].deleted_ago_sec)).toBe(true)
    // A deleted file is gone everywhere else.
    expect((await t.api('file/info', { file_code: row.file_code })).result[0].status).toBe(404)
    expect((await fetch(`${t.sb.baseUrl}/${row.file_code}`)).status).toBe(404)
    expectError(await t.api('file/direct_link', { file_code: row.file_code }), 404)
  })
})

describe('op 14 files/check', () => {
  const check = async (fields: Record<string, string>) => {
    const res = await fetch(`${t.sb.baseUrl}/api/files/check`, {
      method: 'POST',
      body: new URLSearchParams(fields),
    })
    return res.json()
  }

  it('keys results by the URL as submitted', async () => {
    const page = `${t.sb.baseUrl}/${c(3)}`
    const html = `${t.sb.baseUrl}/${c(4)}/delta.txt.html`
    const missing = `${t.sb.baseUrl}/aaaaaaaaaaaa`
    const body = await check({
      key: t.sb.apiKey,
      url_0: page,
      url_1: html,
      url_2: missing,
      url_3: 'not a url',
    })
    expectOk(body)
    expect(body.result).toEqual({
      [page]: { file_size: 33, found: true },
      [html]: { file_size: 27, found: true },
      [missing]: { file_size: 0, found: false },
      'not a url': { file_size: 0, found: false },
    })
  })

  it('also takes multipart forms; refuses more than 100 URLs, GET, and a missing key', async () => {
    const form = new FormData()
    form.append('key', t.sb.apiKey)
    form.append('url_0', `${t.sb.baseUrl}/${c(0)}`)
    const multi = await (
      await fetch(`${t.sb.baseUrl}/api/files/check`, { method: 'POST', body: form })
    ).json()
    expect(multi.result[`${t.sb.baseUrl}/${c(0)}`].found).toBe(true)
    const many: Record<string, string> = { key: t.sb.apiKey }
    for (let i = 0; i <= 100; i++) many[`url_${i}`] = `${t.sb.baseUrl}/${c(0)}?${i}`
    expectError(await check(many), 400, /Too many/)
    expectError(await check({ url_0: 'x' }), 403, 'No key')
    expectError(await check({ key: 'wrong', url_0: 'x' }), 403, 'Invalid key')
    const get = await fetch(`${t.sb.baseUrl}/api/files/check?key=${t.sb.apiKey}`)
    expect(get.status).toBe(405)
  })
})
