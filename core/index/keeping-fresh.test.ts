import { describe, expect, it, vi } from 'vitest'
import { ConfirmedChanges } from './confirmed-changes.ts'
import type { IndexService } from './index-service.ts'
import { IndexWriter } from './index-writer.ts'
import { moveSelection } from './move-selection.ts'
import { holdingListings } from './testing/holding-listings.ts'
import { ACCOUNT, type IndexRig, indexedCodes, indexRigsPerTest, rigScope } from './testing/index-rig.ts'
import { landedItem } from './testing/landed-item.ts'

const openRig = indexRigsPerTest()

const byName = { key: 'name', dir: 'asc' } as const

function folderCodes(index: IndexService, fldId: number): string[] {
  return [...index.iterateFiles({ accts: [index.acct(ACCOUNT)], fldId, search: '', sort: byName })]
    .map((f) => f.fileCode)
    .sort()
}

/** The rows directly in the root whose names hold `search`, folders first, as the file pane would show them. */
function rootRowsMatching(index: IndexService, search: string) {
  return index.window({ accts: [index.acct(ACCOUNT)], fldId: 0, search, sort: byName }, [ACCOUNT], 0, 10).rows
}

async function hostCodes(r: IndexRig, fldId: number): Promise<string[]> {
  return (await r.client.folderList(fldId)).files.map((f) => f.fileCode).sort()
}

describe('keeping the index fresh', () => {
  it('shows files renamed, moved in or out, and added behind the app’s back after a folder revalidation', async () => {
    const r = await openRig({ seedFiles: 300 })
    const index = await r.open()
    await index.crawl(ACCOUNT)
    const [a, b] = (await r.client.fileList({ fldId: 0, page: 1, perPage: 2 })).files
    if (a === undefined || b === undefined) throw new Error('seeded root has fewer than 2 files')
    const other = (await r.client.folderList(0)).folders[0]
    if (other === undefined) throw new Error('seeded root has no folder')
    const [inOther] = (await r.client.fileList({ fldId: other.fldId, page: 1, perPage: 1 })).files
    if (inOther === undefined) throw new Error('seeded folder is empty')

    await r.client.fileRename(a.fileCode, 'Renamed Behind The Back.txt')
    await r.client.fileSetFolder(b.fileCode, other.fldId)
    await r.client.fileSetFolder(inOther.fileCode, 0)
    const [uploaded] = await r.sandbox.upload([{ name: 'new-one.txt', data: 'hello' }])
    const created = await r.client.folderCreate('Made elsewhere', 0)

    const seen = r.events.length
    expect(await index.revalidate(ACCOUNT, 0)).toBe(true)
    expect(r.events.slice(seen)).toContainEqual({ type: 'index.changed', accountId: ACCOUNT, fldIds: [0] })
    expect(folderCodes(index, 0)).toEqual(await hostCodes(r, 0))
    expect(index.file(ACCOUNT, a.fileCode)?.name).toBe('Renamed Behind The Back.txt')
    expect(index.file(ACCOUNT, uploaded.file_code)).toMatchObject({
      name: 'new-one.txt',
      fldId: 0,
    })
    expect(index.file(ACCOUNT, inOther.fileCode)?.fldId).toBe(0)
    expect(rootRowsMatching(index, 'made else')).toEqual([
      expect.objectContaining({ kind: 'folder', fldId: created.fldId, name: 'Made elsewhere' }),
    ])

    await index.revalidate(ACCOUNT, other.fldId)
    expect(folderCodes(index, other.fldId)).toEqual(await hostCodes(r, other.fldId))
    // Repeating a revalidation with nothing new changes nothing and says so.
    const again = r.events.length
    expect(await index.revalidate(ACCOUNT, 0)).toBe(false)
    expect(r.events.slice(again).filter((e) => e.type === 'index.changed')).toEqual([])
  })

  it('revalidates a big folder exactly against a host that clamps per_page to 100', async () => {
    const r = await openRig({ seedFiles: 350, seedFlat: true, maxPerPage: 100 })
    const index = await r.open()
    await index.crawl(ACCOUNT)
    const bulk = (await r.client.folderList(0)).folders[0]
    if (bulk === undefined) throw new Error('the flat seed has no folder')
    const [, , last] = (await r.client.fileList({ fldId: bulk.fldId, page: 4, perPage: 100 })).files
    const [first] = (await r.client.fileList({ fldId: bulk.fldId, page: 1, perPage: 1 })).files
    if (last === undefined || first === undefined) throw new Error('the flat seed is too small')

    // Behind the app's back: a file on the last page renamed, one on the first moved out.
    await r.client.fileRename(last.fileCode, 'renamed on the last page.txt')
    await r.client.fileSetFolder(first.fileCode, 0)
    expect(await index.revalidate(ACCOUNT, bulk.fldId)).toBe(true)

    const inBulk = await hostCodes(r, bulk.fldId)
    expect(inBulk).toHaveLength(349)
    expect(folderCodes(index, bulk.fldId)).toEqual(inBulk)
    expect(index.file(ACCOUNT, last.fileCode)?.name).toBe('renamed on the last page.txt')
    // The file moved out is the root's to show: it is there once the root is checked too.
    await index.revalidate(ACCOUNT, 0)
    expect(index.file(ACCOUNT, first.fileCode)?.fldId).toBe(0)
  })

  it('loses nothing when uploads land and the app renames while a full crawl runs', async () => {
    const r = await openRig({ seedFiles: 3_000, maxPerPage: 100, faults: { latencyMs: 10 } })
    const index = await r.open({ perPage: 100 })
    const changes = new ConfirmedChanges(index, () => undefined)
    await index.crawl(ACCOUNT)
    const crawl = index.crawl(ACCOUNT)
    const landed: string[] = []
    for (let i = 0; i < 20; i++) {
      const [file] = await r.sandbox.upload([{ name: `landed-${i}.txt`, data: `file ${i}` }])
      landed.push(file.file_code)
      await changes.uploadLanded(
        landedItem({
          accountId: ACCOUNT,
          fileCode: file.file_code,
          name: `landed-${i}.txt`,
          fldId: 0,
          size: 6,
          pageLink: `http://host/${file.file_code}`,
        }),
      )
    }
    const [victim] = (await r.client.fileList({ page: 1, perPage: 1 })).files
    if (victim === undefined) throw new Error('no file to rename')
    await r.client.fileRename(victim.fileCode, 'renamed during the crawl.bin')
    await changes.fileRenamed(ACCOUNT, victim.fileCode, 'renamed during the crawl.bin')
    await crawl
    changes.dispose()
    const host = await r.hostFiles()
    const codes = [
      ...index.iterateFiles({ accts: [index.acct(ACCOUNT)], fldId: null, search: '', sort: byName }),
    ].map((f) => f.fileCode)
    expect(codes).toHaveLength(host.length)
    expect(new Set(codes)).toEqual(new Set(host.map((f) => f.fileCode)))
    for (const code of landed) expect(codes).toContain(code)
    expect(index.file(ACCOUNT, victim.fileCode)?.name).toBe('renamed during the crawl.bin')
  }, 60_000)

  it('keeps what the app changed while a folder was read from the host: the older listing does not undo it', async () => {
    const r = await openRig({ seedFiles: 300 })
    const listings = holdingListings(r.client)
    const index = await r.open({ clientFor: async () => listings.client })
    const changes = new ConfirmedChanges(index, () => undefined)
    await index.crawl(ACCOUNT)
    const [a, b] = (await r.client.fileList({ fldId: 0, page: 1, perPage: 2 })).files
    const other = (await r.client.folderList(0)).folders[0]
    if (a === undefined || b === undefined || other === undefined) throw new Error('seed too small')

    const held = listings.hold()
    const pass = index.revalidate(ACCOUNT, 0)
    await held.read(1)
    // Made through the app while the listing is held: on the host first, then in the index, as the app does.
    await r.client.fileRename(a.fileCode, 'renamed meanwhile.txt')
    await changes.fileRenamed(ACCOUNT, a.fileCode, 'renamed meanwhile.txt')
    await r.client.fileSetFolder(b.fileCode, other.fldId)
    await changes.filesMoved(ACCOUNT, [b.fileCode], other.fldId)
    await r.client.folderRename(other.fldId, 'Renamed meanwhile')
    await changes.folderRenamed(ACCOUNT, other.fldId, 'Renamed meanwhile')
    held.release()
    await pass
    changes.dispose()

    expect(index.file(ACCOUNT, a.fileCode)?.name).toBe('renamed meanwhile.txt')
    expect(index.file(ACCOUNT, b.fileCode)?.fldId).toBe(other.fldId)
    expect(rootRowsMatching(index, 'meanwhile')).toEqual([
      expect.objectContaining({ kind: 'folder', fldId: other.fldId, name: 'Renamed meanwhile' }),
      expect.objectContaining({ kind: 'file', fileCode: a.fileCode, name: 'renamed meanwhile.txt' }),
    ])
    expect(folderCodes(index, 0)).toEqual(await hostCodes(r, 0))
  })

  it('lets a listing made after a restart overwrite what the app wrote before it (write numbers go on rising)', async () => {
    const r = await openRig({ seedFiles: 300 })
    const first = await r.open()
    const changes = new ConfirmedChanges(first, () => undefined)
    await first.crawl(ACCOUNT)
    const [a] = (await r.client.fileList({ fldId: 0, page: 1, perPage: 1 })).files
    if (a === undefined) throw new Error('seeded root has no file')
    await r.client.fileRename(a.fileCode, 'renamed by the app.txt')
    await changes.fileRenamed(ACCOUNT, a.fileCode, 'renamed by the app.txt')
    await first.close()

    // Renamed again behind the app's back, then the app starts again and checks the folder: the listing is newer.
    await r.client.fileRename(a.fileCode, 'renamed elsewhere later.txt')
    const index = await r.open()
    expect(await index.revalidate(ACCOUNT, 0)).toBe(true)
    expect(index.file(ACCOUNT, a.fileCode)?.name).toBe('renamed elsewhere later.txt')
  })

  it('keeps what the app changed while the writer thread took over a finished listing', async () => {
    const r = await openRig({ seedFiles: 300 })
    const listings = holdingListings(r.client)
    const index = await r.open({ clientFor: async () => listings.client })
    const changes = new ConfirmedChanges(index, () => undefined)
    await index.crawl(ACCOUNT)
    const [a] = (await r.client.fileList({ fldId: 0, page: 1, perPage: 1 })).files
    if (a === undefined) throw new Error('seeded root has no file')

    // The root's listing is read from the host, then the file is renamed there: the listing holds its old name.
    // The app writes the new name into the index as the listing is handed to the writer thread, ahead of it in
    // the thread's queue: the listing's older record reaches the thread last and must not undo the rename.
    const begin = IndexWriter.prototype.beginReplace
    const handOver = vi.spyOn(IndexWriter.prototype, 'beginReplace').mockImplementation(async function (
      this: IndexWriter,
      acct,
      fldId,
      mark,
    ) {
      const replace = await begin.call(this, acct, fldId, mark)
      return {
        ...replace,
        commit: async (folders) => {
          const renamed = changes.fileRenamed(ACCOUNT, a.fileCode, 'renamed at the hand-over.txt')
          const committed = replace.commit(folders)
          handOver.mockRestore()
          await renamed
          return committed
        },
      }
    })
    const held = listings.hold()
    const pass = index.revalidate(ACCOUNT, 0)
    await held.read(1)
    await r.client.fileRename(a.fileCode, 'renamed at the hand-over.txt')
    held.release()
    await pass
    changes.dispose()

    expect(index.file(ACCOUNT, a.fileCode)?.name).toBe('renamed at the hand-over.txt')
    expect(folderCodes(index, 0)).toEqual(await hostCodes(r, 0))
  })

  it('keeps a selection moved out of a folder while that folder was read from the host', async () => {
    const r = await openRig({ seedFiles: 300 })
    const listings = holdingListings(r.client)
    const index = await r.open({ clientFor: async () => listings.client })
    await index.crawl(ACCOUNT)
    const inRoot = (await r.client.fileList({ fldId: 0, page: 1, perPage: 3 })).files
    const other = (await r.client.folderList(0)).folders[0]
    if (inRoot.length < 3 || other === undefined) throw new Error('seed too small')

    const held = listings.hold()
    const pass = index.revalidate(ACCOUNT, 0)
    await held.read(1)
    // The file pane's Move (or a drag) of three files, as index.moveSelection runs it: on the host, then the index.
    const picked = inRoot.map((f) => ({ accountId: ACCOUNT, fileCode: f.fileCode }))
    const moved = await moveSelection(
      { kind: 'files', files: picked },
      ACCOUNT,
      other.fldId,
      index,
      rigScope(index),
      r.client,
    )
    expect(moved).toMatchObject({ moved: 3, failed: [] })
    held.release()
    await pass

    for (const f of inRoot) expect(index.file(ACCOUNT, f.fileCode)?.fldId).toBe(other.fldId)
    expect(folderCodes(index, 0)).toEqual(await hostCodes(r, 0))
    expect(folderCodes(index, other.fldId)).toEqual(await hostCodes(r, other.fldId))
  })

  it('keeps what the app changed while a crawl’s pages were on their way, and the crawl still counts it', async () => {
    const r = await openRig({ seedFiles: 300 })
    const listings = holdingListings(r.client)
    const index = await r.open({ clientFor: async () => listings.client, perPage: 100 })
    const changes = new ConfirmedChanges(index, () => undefined)
    await index.crawl(ACCOUNT)
    const [a, b] = (await r.client.fileList({ page: 1, perPage: 2 })).files
    const other = (await r.client.folderList(0)).folders[0]
    if (a === undefined || b === undefined || other === undefined) throw new Error('seed too small')

    // A second pass: its first page of 100 (which holds both files) is read from the host, then held while the
    // app changes them.
    const held = listings.hold()
    const crawl = index.crawl(ACCOUNT)
    await held.read(1)
    await r.client.fileRename(a.fileCode, 'renamed during the pass.txt')
    await changes.fileRenamed(ACCOUNT, a.fileCode, 'renamed during the pass.txt')
    await r.client.fileSetFolder(b.fileCode, other.fldId)
    await changes.filesMoved(ACCOUNT, [b.fileCode], other.fldId)
    held.release()
    await crawl
    changes.dispose()

    expect(index.file(ACCOUNT, a.fileCode)?.name).toBe('renamed during the pass.txt')
    expect(index.file(ACCOUNT, b.fileCode)?.fldId).toBe(other.fldId)
    // Kept rows still count as seen by the pass: its count adds up at once, so no re-check pass reads the host again
    // (3 pages and the count's own check), and its clean-up of unseen rows did not drop them.
    expect(held.count()).toBe(4)
    expect(new Set(indexedCodes(index))).toEqual(new Set((await r.hostFiles()).map((f) => f.fileCode)))
    expect(index.status().find((s) => s.accountId === ACCOUNT)?.warning ?? null).toBeNull()
  })

  it('keeps a folder the app renamed while a crawl listed its parent, and the crawl still counts it', async () => {
    const r = await openRig({ seedFiles: 300 })
    const listings = holdingListings(r.client, 'subfolders')
    const index = await r.open({ clientFor: async () => listings.client })
    const changes = new ConfirmedChanges(index, () => undefined)
    await index.crawl(ACCOUNT)
    const other = (await r.client.folderList(0)).folders[0]
    if (other === undefined) throw new Error('seeded root has no folder')

    // A second pass: the root's subfolders are read from the host, then held while the app renames one of them.
    const held = listings.hold()
    const crawl = index.crawl(ACCOUNT)
    await held.read(1)
    await r.client.folderRename(other.fldId, 'Renamed during the walk')
    await changes.folderRenamed(ACCOUNT, other.fldId, 'Renamed during the walk')
    held.release()
    await crawl
    changes.dispose()

    expect(rootRowsMatching(index, 'during the walk')).toEqual([
      expect.objectContaining({ kind: 'folder', fldId: other.fldId, name: 'Renamed during the walk' }),
    ])
    // Its files are still in it: the folder was walked and counted as seen, not dropped with its contents.
    expect(folderCodes(index, other.fldId)).toEqual(await hostCodes(r, other.fldId))
    expect(folderCodes(index, other.fldId).length).toBeGreaterThan(0)
  })
})
