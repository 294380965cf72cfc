import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SandboxHandle, startSandbox } from '../../sandbox/server.ts'
import { FiledockError } from '../../shared/errors.ts'
import type { HistoryEntry } from '../../shared/history.ts'
import { ApiClient } from '../api/client.ts'
import { historyCsv } from './history-csv.ts'
import { HistoryStore } from './history-store.ts'
import { allHistory } from './link-check-schedule.ts'
import { LINK_HEALTH_FILE, LinkHealthStore } from './link-health.ts'

let dir: string
let sandbox: SandboxHandle
let client: ApiClient
let entries: HistoryEntry[]

const ACCOUNT = 'acc-1'

function entryOf(f: { fileCode: string; name: string; size: number }, i: number): HistoryEntry {
  return {
    id: `h${i}`,
    finishedAt: new Date(Date.UTC(2026, 10, 1, 12, 0, i)).toISOString(),
    accountId: ACCOUNT,
    accountLabel: 'Sandbox',
    baseUrl: sandbox.baseUrl,
    name: f.name,
    size: f.size,
    fldId: 0,
    folderPath: i % 2 === 0 ? '' : 'photos/2026',
    fileCode: f.fileCode,
    pageLink: `${sandbox.baseUrl}/${f.fileCode}`,
    batchId: 'b1',
    relPath: f.name,
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-link-health-'))
  // 150 seeded files: more than one files/check batch of 100.
  sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), seedFiles: 150, seedFlat: true })
  client = new ApiClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey })
  const files = (await client.fileList({ page: 1, perPage: 1000 })).files
  expect(files.length).toBe(150)
  entries = files.map((f, i) => entryOf(f, i))
})

afterAll(async () => {
  await client.close()
  await sandbox.close()
  await rm(dir, { recursive: true, force: true })
})

describe('link health of the upload history', () => {
  it('finds a file deleted on the host gone and the others alive, in batches, and keeps it across a restart', async () => {
    const historyDir = join(dir, 'history-a')
    const gone = entries[120] as HistoryEntry
    const res = await fetch(
      `${sandbox.baseUrl}/sandbox/file/delete?key=${sandbox.apiKey}&file_code=${gone.fileCode}`,
    )
    expect(res.ok).toBe(true)

    const store = await LinkHealthStore.open(historyDir)
    expect(store.get(gone.id)).toBeNull()
    const summary = await store.check(entries, async () => client, {
      whole: true,
      now: () => 1_800_000_000_000,
    })
    expect(summary).toMatchObject({ checked: 150, alive: 149, gone: 1, unchecked: 0, problems: [] })
    expect(store.get(gone.id)).toEqual({
      id: gone.id,
      alive: false,
      checkedAt: 1_800_000_000_000,
      lastAliveAt: null,
    })
    expect(store.get('h0')?.alive).toBe(true)
    expect(store.lastRunAt).toBe(1_800_000_000_000)

    // Checking again is safe: same answers, newer time; a reopened store has them from disk.
    const again = await store.check(entries, async () => client, { now: () => 1_800_000_100_000 })
    expect(again).toMatchObject({ checked: 150, alive: 149, gone: 1 })
    const reopened = await LinkHealthStore.open(historyDir)
    expect(reopened.get(gone.id)).toEqual({
      id: gone.id,
      alive: false,
      checkedAt: 1_800_000_100_000,
      lastAliveAt: null,
    })
    expect(reopened.lastRunAt).toBe(1_800_000_000_000)
  })

  it('a link found gone keeps when it was last found alive, across checks and a restart', async () => {
    const historyDir = join(dir, 'history-alive')
    const doomed = entries[140] as HistoryEntry
    const store = await LinkHealthStore.open(historyDir)
    await store.check([doomed], async () => client, { now: () => 1_000 })
    expect(store.get(doomed.id)).toEqual({ id: doomed.id, alive: true, checkedAt: 1_000, lastAliveAt: 1_000 })
    const res = await fetch(
      `${sandbox.baseUrl}/sandbox/file/delete?key=${sandbox.apiKey}&file_code=${doomed.fileCode}`,
    )
    expect(res.ok).toBe(true)
    await store.check([doomed], async () => client, { now: () => 2_000 })
    await store.check([doomed], async () => client, { now: () => 3_000 })
    const reopened = await LinkHealthStore.open(historyDir)
    expect(reopened.get(doomed.id)).toEqual({
      id: doomed.id,
      alive: false,
      checkedAt: 3_000,
      lastAliveAt: 1_000,
    })
  })

  it('reads a health file written before last-alive times were kept', async () => {
    const historyDir = join(dir, 'history-old')
    await mkdir(historyDir, { recursive: true })
    await writeFile(
      join(historyDir, LINK_HEALTH_FILE),
      JSON.stringify({ lastRunAt: 7, entries: { up: [1, 7], down: [0, 7], bad: [2, 7] } }),
    )
    const store = await LinkHealthStore.open(historyDir)
    expect(store.get('up')).toEqual({ id: 'up', alive: true, checkedAt: 7, lastAliveAt: 7 })
    expect(store.get('down')).toEqual({ id: 'down', alive: false, checkedAt: 7, lastAliveAt: null })
    expect(store.get('bad')).toBeNull()
  })

  it('says which account could not be checked and keeps what it knew', async () => {
    const historyDir = join(dir, 'history-b')
    const store = await LinkHealthStore.open(historyDir)
    await store.check(entries.slice(0, 3), async () => client, { now: () => 5 })
    const other = entries.slice(0, 3).map((e) => ({ ...e, accountId: 'removed', accountLabel: 'Old work' }))
    const summary = await store.check([...other, ...entries.slice(3, 5)], async (id) => {
      if (id === 'removed')
        throw new FiledockError({ kind: 'not_found', message: 'This account was removed.' })
      return client
    })
    expect(summary).toMatchObject({
      checked: 2,
      unchecked: 3,
      problems: ['Old work: This account was removed.'],
    })
    expect(store.get('h0')).toEqual({ id: 'h0', alive: true, checkedAt: 5, lastAliveAt: 5 })
  })

  it('exports the history with its link health as CSV that a CSV library reads back field for field', async () => {
    const historyDir = join(dir, 'history-c')
    const history = await HistoryStore.open(historyDir)
    const tricky = ['a, b.txt', 'say "hi".doc', 'two\nlines.txt', '=SUM(A1).csv', 'фото 🎉.jpg']
    // The last one was already there when its drop came: nothing was sent for it.
    const mine: HistoryEntry[] = entries.slice(0, 6).map((e, i) => ({
      ...e,
      name: tricky[i] ?? e.name,
      ...(i === 5 ? { alreadyThere: true as const } : {}),
    }))
    for (const e of mine) await history.append(e)
    const health = await LinkHealthStore.open(historyDir)
    await health.check(mine.slice(0, 4), async () => client, { now: () => Date.UTC(2026, 10, 2) })
    const all = allHistory(history)
    expect(all.map((e) => e.id)).toEqual(mine.map((e) => e.id).reverse())
    const csv = historyCsv(
      all,
      (id) => health.get(id),
      (e) => (e.id === 'h1' ? 'https://dl.example/x' : null),
    )
    await history.close()

    const rows = parse(csv, { columns: true }) as Record<string, string>[]
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'name',
      'size',
      'folder',
      'page link',
      'direct link',
      'uploaded',
      'last check',
      'alive',
      'already there',
    ])
    const byLink = new Map(rows.map((r) => [r['page link'], r]))
    for (const [i, e] of mine.entries()) {
      const row = byLink.get(e.pageLink)
      expect(row).toBeDefined()
      // A leading = would run as a formula in a spreadsheet: it is kept as text with a quote mark.
      expect(row?.name).toBe(e.name.startsWith('=') ? `'${e.name}` : e.name)
      expect(row?.size).toBe(String(e.size))
      expect(row?.folder).toBe(e.folderPath)
      expect(row?.uploaded).toBe(e.finishedAt)
      expect(row?.['direct link']).toBe(e.id === 'h1' ? 'https://dl.example/x' : '')
      expect(row?.alive).toBe(i < 4 ? 'yes' : '')
      expect(row?.['last check']).toBe(i < 4 ? '2026-11-02T00:00:00.000Z' : '')
      expect(row?.['already there']).toBe(i === 5 ? 'yes' : '')
    }
  })
})
