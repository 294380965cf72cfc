import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Json, TestSandbox } from './test-support.ts'
import { openSandbox } from './test-support.ts'

// How fast the sandbox seeds and lists is the `lists` bench's (start with 100,000 seeded files, list pages,
// filters, folder lists). Here: what makes it fast.

let t: TestSandbox
beforeAll(async () => {
  t = await openSandbox({ seedFiles: 100_000 })
})
afterAll(() => t.stop())

describe('100k seeded files', () => {
  it('seeds by one journal line and no file, spread over folders, with the spec shapes', async () => {
    // The records are derived from the seed line at every start: seeding writes that line, nothing per file.
    const journal = (await readFile(join(t.dir, 'journal.jsonl'), 'utf8')).trimEnd().split('\n')
    expect(journal.filter((line) => line.includes('"t":"seed"'))).toHaveLength(1)
    expect(journal.length).toBeLessThan(10)
    expect(await readdir(join(t.dir, 'blobs'))).toEqual([])
    const all = await t.api('file/list', { per_page: 3 })
    expect(all.result.results_total).toBe(100_000)
    expect(all.result.files).toHaveLength(3)
    const root = await t.api('folder/list')
    expect(root.result.folders.length).toBeGreaterThanOrEqual(20)
    let inFolders = 0
    for (const f of root.result.folders)
      inFolders += (await t.api('file/list', { fld_id: f.fld_id, per_page: 1 })).result.results_total
    expect(inFolders).toBeGreaterThan(50_000)
    const hidden = await t.api('file/list', { public: 0, per_page: 1 })
    expect(hidden.result.results_total).toBe(10_000)
  })

  it('serialises a listed record once and then answers from its JSON text; an answer serialises only its own records', async () => {
    const base = `${t.sb.baseUrl}/api`
    const key = t.sb.apiKey
    const folder = (await t.api('folder/list')).result.folders[0].fld_id
    // The records' JSON.stringify calls (each carries its file_code) made while one list is answered.
    const stringify = vi.spyOn(JSON, 'stringify')
    const serialised = async (url: string) => {
      stringify.mockClear()
      const body = await (await fetch(url)).json()
      const records = stringify.mock.calls.filter(
        ([value]) => typeof value === 'object' && 'file_code' in value,
      )
      return { records: records.length, files: body.result.files.length as number }
    }
    try {
      for (const url of [
        `${base}/file/list?key=${key}&page=500&per_page=100`,
        `${base}/file/list?key=${key}&fld_id=${folder}&page=3&per_page=100`,
        `${base}/file/list?key=${key}&name=report_9&page=2&per_page=100`,
        `${base}/file/list?key=${key}&public=1&created=2000-01-01&page=9&per_page=100`,
        `${base}/folder/list?key=${key}&fld_id=${folder}`,
      ]) {
        // Pages no earlier call listed: each of their records is serialised, and no other record is.
        const first = await serialised(url)
        expect(first.files, url).toBeGreaterThan(0)
        expect(first.records, url).toBe(first.files)
        // Asked again (a client's next page load, a re-crawl): the cached text is sent.
        expect(await serialised(url), url).toEqual({ records: 0, files: first.files })
      }
    } finally {
      stringify.mockRestore()
    }
  })

  it('a seeded file downloads deterministic content, ranges included', async () => {
    const list = await t.api('file/list', { per_page: 50 })
    const rec = list.result.files.find((f: Json) => f.size > 200_000 && f.size < 8_000_000)
    const link = await t.api('file/direct_link', { file_code: rec.file_code })
    const whole = Buffer.from(await (await fetch(link.result.url)).arrayBuffer())
    expect(whole.length).toBe(rec.size)
    const again = Buffer.from(await (await fetch(link.result.url)).arrayBuffer())
    expect(again.equals(whole)).toBe(true)
    const part = await fetch(link.result.url, { headers: { Range: 'bytes=65530-131100' } })
    expect(part.status).toBe(206)
    expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(65530, 131101))).toBe(true)
  })
})
