import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HistoryEntry } from '../../shared/history.ts'
import type { ApiClient } from '../api/client.ts'
import { batchFinishedEvent } from '../queue/batches.ts'
import type { BatchRecord, ItemRecord } from '../queue/records.ts'
import { clientOf, removeDir, sandbox, tempDir } from '../queue/testing/support.ts'
import { buildLinkPack, inPackOrder } from './build-link-pack.ts'

function entry(relPath: string, accountId = 'a', over: Partial<HistoryEntry> = {}): HistoryEntry {
  const name = relPath.split('/').pop() ?? relPath
  return {
    id: `${accountId}:${relPath}`,
    finishedAt: '2026-11-23T00:00:00.000Z',
    accountId,
    accountLabel: `Account ${accountId}`,
    baseUrl: 'https://files.example',
    name,
    size: 10,
    fldId: 0,
    folderPath: '',
    fileCode: 'abcdefghijkl',
    pageLink: `https://files.example/${relPath}`,
    batchId: 'b1',
    relPath,
    ...over,
  }
}

describe('pack order', () => {
  it("lists a folder's own files before its subfolders, in code point order", () => {
    const shuffled = [
      'photos/sub/a.jpg',
      'photos/z.jpg',
      'b.txt',
      'photos/B.jpg',
      'A.txt',
      'photos/sub/deep/c',
    ]
    expect(inPackOrder(shuffled.map((p) => entry(p))).map((e) => e.relPath)).toEqual([
      'A.txt',
      'b.txt',
      'photos/B.jpg',
      'photos/z.jpg',
      'photos/sub/a.jpg',
      'photos/sub/deep/c',
    ])
  })

  it('keeps accounts in order of first appearance, and equal paths in the order given', () => {
    const entries = [
      entry('x/2.txt', 'second'),
      entry('1.txt', 'first', { id: 'late' }),
      entry('x/1.txt', 'second'),
      entry('1.txt', 'first', { id: 'early' }),
    ]
    // 'second' appears first, so its files come first; the two first/1.txt keep their relative order.
    expect(inPackOrder(entries).map((e) => e.id)).toEqual([
      'second:x/1.txt',
      'second:x/2.txt',
      'late',
      'early',
    ])
  })

  it('batch.finished lists each account group in the order every pack of the drop uses', () => {
    const batch: BatchRecord = {
      id: 'b1',
      kind: 'paths',
      accountIds: ['two', 'one'],
      createdAt: 0,
      finishedEmitted: false,
    }
    const paths = ['photos/sub/a.jpg', 'photos/z.jpg', 'top.txt']
    const items = ['one', 'two'].flatMap((accountId) =>
      paths.map((relPath, seq) => doneItem(accountId, relPath, seq)),
    )
    const event = batchFinishedEvent(batch, items)
    expect(event.groups.map((g) => g.accountId)).toEqual(['two', 'one'])
    for (const g of event.groups) {
      expect(g.entries.map((e) => e.relPath)).toEqual(['top.txt', 'photos/z.jpg', 'photos/sub/a.jpg'])
    }
    expect(inPackOrder(event.entries)).toEqual(event.entries)
  })
})

describe('buildLinkPack against the sandbox host', () => {
  let sb: Awaited<ReturnType<typeof sandbox>>
  let client: ApiClient
  let dir: string
  const uploaded: HistoryEntry[] = []

  beforeAll(async () => {
    sb = await sandbox()
    client = clientOf(sb.baseUrl, sb.apiKey)
    dir = await tempDir()
    for (const rel of ['docs/sub/deep.txt', 'docs/top.txt']) {
      const path = join(dir, rel.replaceAll('/', '_'))
      await writeFile(path, rel)
      const r = await client.upload(path, { fileName: rel.split('/').pop() as string })
      uploaded.push(entry(rel, 'a', { fileCode: r.fileCode, pageLink: r.link, baseUrl: sb.baseUrl }))
    }
  })

  afterAll(async () => {
    await client.close()
    await sb.close()
    await removeDir(sb.dataDir)
    await removeDir(dir)
  })

  it('page links come out in pack order whatever order the entries finished in', async () => {
    const pack = await buildLinkPack(uploaded, 'page', () => client)
    expect(pack.split('\n')).toEqual([uploaded[1]?.pageLink, uploaded[0]?.pageLink])
  })

  it("fetches each file's direct link, and keeps the page link of a file the host no longer has", async () => {
    const gone = entry('docs/gone.txt', 'a', { fileCode: 'zzzzzzzzzzzz', baseUrl: sb.baseUrl })
    const lines = (await buildLinkPack([...uploaded, gone], 'direct', () => client)).split('\n')
    expect(lines).toHaveLength(3)
    expect(lines[0]).toBe(gone.pageLink)
    // Each direct link is the file itself (the sandbox signs them per call, so they are compared by content).
    for (const [i, e] of [uploaded[1], uploaded[0]].entries()) {
      const line = lines[i + 1] as string
      expect(line.startsWith(`${sb.baseUrl}/d/${e?.fileCode}`)).toBe(true)
      expect(await (await fetch(line)).text()).toBe(e?.relPath)
    }
  })
})

function doneItem(accountId: string, relPath: string, seq: number): ItemRecord {
  const relDir = relPath.split('/')
  const name = relDir.pop() as string
  return {
    id: `${accountId}-${seq}`,
    seq,
    batchId: 'b1',
    kind: 'file',
    accountId,
    baseFldId: 0,
    basePath: '',
    relDir,
    name,
    source: `/src/${relPath}`,
    size: 1,
    mtimeMs: 0,
    state: 'done',
    attempts: 0,
    snapshot: [],
    sending: false,
    fileCode: 'abcdefghijkl',
    targetFldId: 0,
    requestedAt: null,
    error: null,
    addedAt: 0,
    finishedAt: 0,
    result: entry(relPath, accountId),
    historyWritten: true,
  }
}
