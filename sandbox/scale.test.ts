import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Json, TestSandbox } from './test-support.ts'
import { openSandbox } from './test-support.ts'

let t: TestSandbox
let seedMs = 0
beforeAll(async () => {
  const started = performance.now()
  t = await openSandbox({ seedFiles: 100_000 })
  seedMs = performance.now() - started
})
afterAll(() => t.stop())

/** Median wall time of `runs` sequential GETs (answer read in full), after one warm-up call. */
async function median(url: string, runs = 50): Promise<number> {
  await (await fetch(url)).arrayBuffer()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    const res = await fetch(url)
    await res.arrayBuffer()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(runs / 2)] as number
}

describe('100k seeded files', () => {
  it('seeds fast, spread over folders, with the spec shapes', async () => {
    console.log(`seeding 100k files: ${seedMs.toFixed(0)} ms`)
    expect(seedMs).toBeLessThan(5000)
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

  it('file/list pages and folder/list answer in < 20 ms (median of 50)', async () => {
    const base = `${t.sb.baseUrl}/api`
    const key = t.sb.apiKey
    const folder = (await t.api('folder/list')).result.folders[0].fld_id
    const timings: Record<string, number> = {
      'file/list (first page)': await median(`${base}/file/list?key=${key}`),
      'file/list (page 500 of 100)': await median(`${base}/file/list?key=${key}&page=500&per_page=100`),
      'file/list (fld_id)': await median(`${base}/file/list?key=${key}&fld_id=${folder}&page=3`),
      'folder/list (root)': await median(`${base}/folder/list?key=${key}`),
      [`folder/list (folder ${folder})`]: await median(`${base}/folder/list?key=${key}&fld_id=${folder}`),
    }
    const scans: Record<string, number> = {
      'file/list name filter (scan)': await median(`${base}/file/list?key=${key}&name=report_9`, 20),
      'file/list public+created (scan)': await median(
        `${base}/file/list?key=${key}&public=1&created=2000-01-01`,
        20,
      ),
    }
    console.log(
      Object.entries({ ...timings, ...scans })
        .map(([k, v]) => `${k}: ${v.toFixed(2)} ms`)
        .join('\n'),
    )
    for (const ms of Object.values(timings)) expect(ms).toBeLessThan(20)
    // Filters scan all 100k records: bounded loosely so a loaded CI machine does not flake.
    for (const ms of Object.values(scans)) expect(ms).toBeLessThan(150)
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
