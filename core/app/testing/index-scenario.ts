import { expect } from 'vitest'
import type { IndexFileRow, IndexStatus, IndexWindow, LinksForSelection } from '../../../shared/file-index.ts'
import type { ChannelName } from '../../../shared/ipc/channels.ts'

type Call = <T>(channel: ChannelName, input?: unknown) => Promise<T>

/**
 * The account index's channels against a real core and host: a full crawl on demand, windows of a folder and of
 * the account, a selection's summary and links, a move through the index, and one file's row.
 */
export async function runIndexScenario(
  call: Call,
  o: { accountId: string; fileCode: string; fileName: string; folderId: number; folderName: string },
): Promise<void> {
  expect(await call('index.refresh', { accountId: o.accountId })).toBeNull()
  const deadline = Date.now() + 20_000
  let status: IndexStatus | undefined
  for (;;) {
    status = (await call<IndexStatus[]>('index.status')).find((s) => s.accountId === o.accountId)
    if ((status?.state === 'ready' && status.lastFullCrawl !== null) || Date.now() > deadline) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  expect(status).toMatchObject({ state: 'ready', warning: null })
  const sort = { key: 'name', dir: 'asc' }
  const root = await call<IndexWindow>('index.query', {
    query: { scope: { kind: 'folder', accountId: o.accountId, fldId: 0 }, sort },
    offset: 0,
    limit: 100,
  })
  expect(root.complete).toBe(true)
  expect(root.rows.slice(0, root.folders).every((r) => r.kind === 'folder')).toBe(true)
  expect(root.rows).toContainEqual(
    expect.objectContaining({ kind: 'folder', fldId: o.folderId, name: o.folderName }),
  )
  const found = await call<IndexWindow>('index.query', {
    query: { scope: { kind: 'account', accountId: o.accountId }, search: o.fileName.toUpperCase(), sort },
    offset: 0,
    limit: 10,
  })
  expect(found.rows.map((r) => (r.kind === 'file' ? r.fileCode : null))).toContain(o.fileCode)
  const picked = { kind: 'files', files: [{ accountId: o.accountId, fileCode: o.fileCode }] }
  expect(await call('index.summarize', { selection: picked })).toEqual({
    files: 1,
    totalSize: expect.any(Number),
  })
  const everything = { kind: 'query', query: { scope: { kind: 'account', accountId: o.accountId }, sort } }
  const links = await call<LinksForSelection>('index.copyLinks', { selection: everything })
  expect(links.count).toBe(status?.filesIndexed)
  // The browser host gets the text to copy; Electron copies in main and sends none.
  if (links.copied) expect(links.text).toBeNull()
  else expect(links.text?.split('\n')).toHaveLength(links.count)
  // The link checker's links of the same selection: the same ones, sent to the page in both hosts.
  const toCheck = await call<{ links: string[] }>('index.links', { selection: everything })
  expect(toCheck.links).toHaveLength(links.count)
  if (links.text !== null) expect(toCheck.links).toEqual(links.text.split('\n'))
  expect(
    await call('index.moveSelection', { selection: picked, accountId: o.accountId, fldId: o.folderId }),
  ).toMatchObject({ moved: 1, failed: [] })
  const row = await call<IndexFileRow | null>('index.file', { accountId: o.accountId, fileCode: o.fileCode })
  expect(row).toMatchObject({ kind: 'file', fileCode: o.fileCode, fldId: o.folderId, name: o.fileName })
  expect(await call('index.refresh', { accountId: o.accountId, fldId: o.folderId })).toBeNull()
}
