import { describe, expect, it } from 'vitest'
import type { Json } from './test-support.ts'
import { expectError, expectOk, sandboxForAll, timestampRe } from './test-support.ts'

const t = sandboxForAll()

describe('ops 15-17: folders', () => {
  it('op 16 folder/create returns an integer fld_id and is not idempotent', async () => {
    const a = await t.api('folder/create', { parent_id: 0, name: 'Music' })
    const b = await t.api('folder/create', { parent_id: 0, name: 'Music' })
    expectOk(a)
    expect(Number.isInteger(a.result.fld_id)).toBe(true)
    expect(a.result.fld_id).toBeGreaterThan(0)
    expect(b.result.fld_id).not.toBe(a.result.fld_id)
    const root = await t.api('folder/list')
    const music = root.result.folders.filter((f: Json) => f.name === 'Music')
    expect(music).toHaveLength(2)
  })

  it('op 15 folder/list: subfolders {fld_id, code: null, name} and files of the folder', async () => {
    const parent = (await t.api('folder/create', { parent_id: 0, name: 'Parent' })).result.fld_id
    const childB = (await t.api('folder/create', { parent_id: parent, name: 'b-child' })).result.fld_id
    const childA = (await t.api('folder/create', { parent_id: parent, name: 'A-child' })).result.fld_id
    const [row] = await t.upload([{ name: 'in-parent.txt', data: 'p' }])
    await t.api('file/set_folder', { file_code: row.file_code, fld_id: parent })

    const body = await t.api('folder/list', { fld_id: parent })
    expectOk(body)
    expect(body.result.folders).toEqual([
      { fld_id: childA, code: null, name: 'A-child' },
      { fld_id: childB, code: null, name: 'b-child' },
    ])
    expect(body.result.files).toEqual([
      {
        fld_id: parent,
        link: `${t.sb.baseUrl}/${row.file_code}`,
        file_code: row.file_code,
        uploaded: expect.stringMatching(timestampRe),
        name: 'in-parent.txt',
      },
    ])
    const empty = await t.api('folder/list', { fld_id: childA })
    expect(empty.result).toEqual({ files: [], folders: [] })
  })

  it('op 17 folder/rename answers the string "true"', async () => {
    const id = (await t.api('folder/create', { parent_id: 0, name: 'old' })).result.fld_id
    const body = await t.api('folder/rename', { fld_id: id, name: 'new name' })
    expectOk(body)
    expect(body.result).toBe('true')
    const root = await t.api('folder/list')
    expect(root.result.folders.find((f: Json) => f.fld_id === id).name).toBe('new name')
  })

  it('errors: unknown folder 404, bad or missing parameters 400, root cannot be renamed', async () => {
    expectError(await t.api('folder/list', { fld_id: 424242 }), 404, /Folder not found/)
    expectError(await t.api('folder/list', { fld_id: '1.5' }), 400, /fld_id/)
    expectError(await t.api('folder/create', { parent_id: 424242, name: 'x' }), 404, /Folder not found/)
    expectError(await t.api('folder/create', { parent_id: 0 }), 400, /name/)
    expectError(await t.api('folder/create', { parent_id: 0, name: 'a\u0001b' }), 400, /name/)
    expectError(await t.api('folder/rename', { fld_id: 424242, name: 'x' }), 404, /Folder not found/)
    expectError(await t.api('folder/rename', { fld_id: 0, name: 'x' }), 400, /root/)
    expectError(await t.api('folder/rename', { name: 'x' }), 400, /fld_id/)
  })

  it('folders of another account are invisible', async () => {
    const id = (await t.api('folder/create', { parent_id: 0, name: 'mine' })).result.fld_id
    const { apiKey } = await t.sb.createAccount('other@example.com')
    expectError(await t.api('folder/list', { key: apiKey, fld_id: id }), 404)
    expectError(await t.api('folder/rename', { key: apiKey, fld_id: id, name: 'theirs' }), 404)
    expect((await t.api('folder/list', { key: apiKey })).result).toEqual({ files: [], folders: [] })
  })
})
