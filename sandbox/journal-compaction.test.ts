import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { compactEntries } from './compact-journal.ts'
import type { Json, TestSandbox } from './test-support.ts'
import { openSandbox, tempDirsForAll } from './test-support.ts'
import { journalEntries, replay, storeState } from './testing/store-state.ts'

const newDir = tempDirsForAll()

const never = { journalCompactAt: Number.MAX_SAFE_INTEGER }

async function download(sb: TestSandbox, code: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const link = await sb.api('file/direct_link', { file_code: code })
    await (await fetch(link.result.url)).arrayBuffer()
    await (await fetch(`${sb.sb.baseUrl}/${code}`)).text()
  }
}

/**
 * Everything that journals an entry, over HTTP: uploads (with sessions that expire), a seed that comes after
 * uploads, folders inside seeded folders, files renamed and moved back and forth, a clone, a deletion, downloads
 * and page views, a second account. Returns what the API says at the end, to compare after a restart.
 */
async function workload(dir: string, opts: { journalCompactAt: number }): Promise<Json> {
  const first = await openSandbox({ ...opts, uploadSessionTtlSec: 1 }, dir)
  const [a, b, c] = await first.upload([
    { name: 'a.txt', data: 'aaa' },
    { name: 'b.txt', data: 'bbbb' },
    { name: 'c.txt', data: 'c' },
  ])
  await first.api('upload/server') // a session that expires unused
  await first.stop()
  await new Promise((r) => setTimeout(r, 1100))

  const sb = await openSandbox({ ...opts, seedFiles: 300 }, dir)
  try {
    const seeded = (await sb.api('file/list', { per_page: 5 })).result.files.map((f: Json) => f.file_code)
    const folders = (await sb.api('folder/list')).result.folders as Json[]
    const inSeeded = (await sb.api('folder/create', { parent_id: folders[0].fld_id, name: 'Inner' })).result
      .fld_id
    const other = (await sb.api('folder/create', { parent_id: 0, name: 'Other' })).result.fld_id
    for (const name of ['one', 'two', 'three']) {
      await sb.api('file/rename', { file_code: a.file_code, name: `${name}.txt` })
      await sb.api('folder/rename', { fld_id: other, name: `Other ${name}` })
    }
    for (const fld of [inSeeded, other, inSeeded])
      await sb.api('file/set_folder', { file_code: a.file_code, fld_id: fld })
    await sb.api('file/set_folder', { file_code: seeded[0], fld_id: other })
    await sb.api('file/rename', { file_code: seeded[1], name: 'seeded renamed.bin' })
    await sb.api('file/clone', { file_code: b.file_code })
    await sb.api('file/set_folder', { file_code: b.file_code, fld_id: other })
    await download(sb, b.file_code, 12)
    await download(sb, seeded[2], 6)
    await download(sb, c.file_code, 4)
    await fetch(`${sb.sb.baseUrl}/sandbox/file/delete?key=${sb.sb.apiKey}&file_code=${c.file_code}`)
    await sb.upload([{ name: 'late.txt', data: 'late' }])
    const { apiKey: otherKey } = await sb.sb.createAccount('second@example.com')
    await sb.upload([{ name: 'theirs.txt', data: 'theirs' }], otherKey)
    await sb.api('upload/server') // a live session
    return await apiState(sb, otherKey)
  } finally {
    await sb.stop()
  }
}

/** What a client sees: every list with its counters, the folders, the deleted files and the statistics. */
async function apiState(sb: TestSandbox, otherKey: string): Promise<Json> {
  const folders = (await sb.api('folder/list')).result.folders as Json[]
  const state = {
    files: (await sb.api('file/list', { per_page: 1000 })).result,
    theirs: (await sb.api('file/list', { key: otherKey })).result,
    folders: await Promise.all(
      folders.map(async (f) => (await sb.api('folder/list', { fld_id: f.fld_id })).result),
    ),
    deleted: (await sb.api('files/deleted')).result,
    stats: (await sb.api('account/stats', { last: 40 })).result,
    info: (await sb.api('account/info')).result,
  }
  // Links carry the port, which changes with each start.
  return JSON.parse(JSON.stringify(state).replaceAll(sb.sb.baseUrl, 'BASE'))
}

describe('journal compaction', () => {
  it('replays to the very same state as the whole journal, in far fewer lines', async () => {
    const dir = await newDir()
    await workload(dir, never)
    const entries = await journalEntries(path.join(dir, 'journal.jsonl'))
    const whole = replay(entries)
    const compacted = compactEntries(entries, Date.now(), (code) => whole.files.get(code)?.acct)
    expect(storeState(replay(compacted))).toEqual(storeState(whole))
    // Counters, repeated renames and moves, and the expired sessions are folded away.
    expect(compacted.length).toBeLessThan(entries.length / 2)
    expect(compacted.filter((e) => e.t === 'dl' || e.t === 'view')).toEqual([])
    // Compacting again changes nothing.
    expect(compactEntries(compacted, Date.now(), (code) => whole.files.get(code)?.acct)).toEqual(compacted)
  })

  it('compacts while running and at start; a restart answers every request as before', async () => {
    const dir = await newDir()
    const before = await workload(dir, { journalCompactAt: 10 })
    const journal = path.join(dir, 'journal.jsonl')
    const afterRun = (await journalEntries(journal)).length
    const sb = await openSandbox({ journalCompactAt: 10 }, dir)
    try {
      const otherKey = (await journalEntries(journal)).find(
        (e) => e.t === 'acct' && e.email === 'second@example.com',
      )
      expect(otherKey).toBeDefined()
      expect(await apiState(sb, (otherKey as { key: string }).key)).toEqual(before)
    } finally {
      await sb.stop()
    }
    // The uncompacted journal of the same workload holds ~80 lines; compaction keeps it near its state.
    expect(afterRun).toBeLessThan(40)
    const again = (await journalEntries(journal)).length
    expect(again).toBeLessThanOrEqual(afterRun)
  })

  it('a journal that grew without compaction is compacted at the next start, its state unchanged', async () => {
    const dir = await newDir()
    const before = await workload(dir, never)
    const journal = path.join(dir, 'journal.jsonl')
    const grown = await journalEntries(journal)
    const other = grown.find((e) => e.t === 'acct' && e.email === 'second@example.com') as { key: string }
    const sb = await openSandbox({ journalCompactAt: 10 }, dir)
    try {
      expect((await journalEntries(journal)).length).toBeLessThan(grown.length / 2)
      expect(await apiState(sb, other.key)).toEqual(before)
    } finally {
      await sb.stop()
    }
  })
})
