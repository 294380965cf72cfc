import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../api/client.ts'
import { clientOf, ofType, openEngine, removeDir, sandbox, tempDir, writeTree } from './testing/support.ts'

/** A drop mirrored to several accounts lands in the folder chosen on each, not in each account's root. */
describe('a folder per account', () => {
  const hosts: Awaited<ReturnType<typeof sandbox>>[] = []
  const clients = new Map<string, ApiClient>()
  let src: string

  beforeAll(async () => {
    for (const id of ['work', 'home']) {
      const sb = await sandbox()
      hosts.push(sb)
      clients.set(id, clientOf(sb.baseUrl, sb.apiKey))
    }
    src = await tempDir()
    await writeTree(src, { 'trip/a.txt': 'aaa', 'trip/day2/b.txt': 'bbbb', 'notes.md': 'notes' })
  })

  afterAll(async () => {
    for (const c of clients.values()) await c.close()
    for (const sb of hosts) {
      await sb.close()
      await removeDir(sb.dataDir)
    }
    await removeDir(src)
  })

  const client = (id: string) => clients.get(id) as ApiClient

  /** The tree under a folder as `path/` and `path` entries, read through the host's API. */
  async function treeOf(c: ApiClient, fldId: number, prefix = ''): Promise<string[]> {
    const l = await c.folderList(fldId)
    const out = l.files.map((f) => `${prefix}${f.name}`)
    for (const sub of l.folders)
      out.push(`${prefix}${sub.name}/`, ...(await treeOf(c, sub.fldId, `${prefix}${sub.name}/`)))
    return out.sort()
  }

  it('lands in the chosen folder of each account; a repeat finds it all already there', async () => {
    const work = (await client('work').folderCreate('Projects')).fldId
    const workSub = (await client('work').folderCreate('2026', work)).fldId
    const home = (await client('home').folderCreate('Photos')).fldId
    const t = await openEngine({ clientFor: (id) => client(id) })
    const targets = [
      { accountId: 'work', fldId: workSub, folderPath: 'Projects/2026' },
      { accountId: 'home', fldId: home, folderPath: 'Photos' },
    ]
    const paths = [join(src, 'trip'), join(src, 'notes.md')]
    const r = await t.engine.enqueuePaths({ paths, targets })
    expect(r).toMatchObject({ accepted: 6, problems: [] })
    await t.engine.whenIdle()
    expect(t.engine.snapshot().items.every((i) => i.state === 'done')).toBe(true)

    const expected = ['notes.md', 'trip/', 'trip/a.txt', 'trip/day2/', 'trip/day2/b.txt']
    expect(await treeOf(client('work'), workSub)).toEqual(expected)
    expect(await treeOf(client('home'), home)).toEqual(expected)
    // Nothing in either root but the chosen folders.
    expect(await treeOf(client('work'), 0)).toEqual(
      ['Projects/', 'Projects/2026/', ...expected.map((p) => `Projects/2026/${p}`)].sort(),
    )
    expect((await client('home').folderList(0)).files).toEqual([])

    // The link pack and history name each account's own folder.
    const finished = ofType(t.events, 'batch.finished')[0]
    const folders = new Set(finished?.entries.map((e) => `${e.accountId}:${e.folderPath}`))
    expect(folders).toEqual(
      new Set([
        'work:Projects/2026',
        'work:Projects/2026/trip',
        'work:Projects/2026/trip/day2',
        'home:Photos',
        'home:Photos/trip',
        'home:Photos/trip/day2',
      ]),
    )

    // Dropped again: the check for files already there looks in each account's folder.
    expect(await t.engine.countAlreadyThere({ paths, targets })).toEqual({
      files: 6,
      alreadyThere: 6,
    })
    const again = await t.engine.enqueuePaths({ paths, targets })
    expect(again.accepted).toBe(6)
    await t.engine.whenIdle()
    expect(t.engine.snapshot().items.filter((i) => i.alreadyThere)).toHaveLength(6)
    expect(await treeOf(client('work'), workSub)).toEqual(expected)
    expect(await treeOf(client('home'), home)).toEqual(expected)
    await t.close()
  })

  it('refuses a negative folder id for one account', async () => {
    const t = await openEngine({ clientFor: (id) => client(id) })
    await expect(
      t.engine.enqueuePaths({
        paths: [join(src, 'notes.md')],
        targets: [{ accountId: 'work', fldId: -1 }],
      }),
    ).rejects.toThrow('The target folder id must be a whole number ≥ 0.')
    expect(t.engine.snapshot().items).toEqual([])
    await t.close()
  })
})
