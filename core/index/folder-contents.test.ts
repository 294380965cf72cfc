import { afterEach, expect, it } from 'vitest'
import { IndexAppChanges } from './app-changes.ts'
import { indexFolderContents } from './folder-contents.ts'
import { ACCOUNT, type IndexRig, openIndexRig } from './testing/index-rig.ts'

let rig: IndexRig | undefined
afterEach(async () => {
  await rig?.close()
  rig = undefined
})

it('answers "what is in this folder" for uploads from the index, asking the host first for a folder it never saw', async () => {
  rig = await openIndexRig({ seedFiles: 500 })
  const index = rig.open()
  const contents = indexFolderContents(index)
  const folder = (await rig.client.folderList(0)).folders[0]
  if (folder === undefined) throw new Error('no seeded folder')
  const host = (await rig.client.folderList(folder.fldId)).files

  // Nothing crawled yet: the folder is read from the host, not answered as empty.
  const first = await contents.filesInFolder(ACCOUNT, folder.fldId)
  expect(first.map((f) => f.fileCode).sort()).toEqual(host.map((f) => f.fileCode).sort())
  expect(first[0]).toEqual({
    name: expect.any(String),
    size: expect.any(Number),
    fileCode: expect.any(String),
    link: expect.stringMatching(new RegExp(`^${rig.sandbox.sb.baseUrl}/[a-z0-9]+$`)),
  })

  // Known now: asking again costs no request (the host fails every call), and an upload the app recorded is part
  // of the answer at once.
  rig.sandbox.sb.setFaults({ errorRate: 1 })
  expect(await contents.filesInFolder(ACCOUNT, folder.fldId)).toHaveLength(host.length)
  const changes = new IndexAppChanges(index, () => undefined)
  changes.uploadLanded({
    id: 'i1',
    batchId: 'b1',
    kind: 'file',
    accountId: ACCOUNT,
    name: 'fresh.bin',
    relPath: 'fresh.bin',
    source: '/tmp/fresh.bin',
    fldId: folder.fldId,
    targetFldId: folder.fldId,
    size: 42,
    state: 'done',
    phase: null,
    attempts: 0,
    bytesSent: 42,
    nextAttemptAt: null,
    fileCode: 'freshcode123',
    pageLink: `${rig.sandbox.sb.baseUrl}/freshcode123`,
    error: null,
    addedAt: 0,
    finishedAt: 0,
  })
  changes.dispose()
  expect(await contents.filesInFolder(ACCOUNT, folder.fldId)).toContainEqual({
    name: 'fresh.bin',
    size: 42,
    fileCode: 'freshcode123',
    link: `${rig.sandbox.sb.baseUrl}/freshcode123`,
  })
  rig.sandbox.sb.setFaults({ errorRate: 0 })
})
