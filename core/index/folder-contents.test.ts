import { expect, it } from 'vitest'
import { ConfirmedChanges } from './confirmed-changes.ts'
import { FOLDER_FRESH_MS, indexFolderContents } from './folder-contents.ts'
import { ACCOUNT, indexRigsPerTest } from './testing/index-rig.ts'
import { landedItem } from './testing/landed-item.ts'

const openRig = indexRigsPerTest()

it('answers "what is in this folder" for uploads from the index, asking the host first for a folder not checked lately', async () => {
  const rig = await openRig({ seedFiles: 500 })
  const index = await rig.open()
  let clock = Date.now()
  const contents = indexFolderContents(index, () => clock)
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
  const changes = new ConfirmedChanges(index, () => undefined)
  await changes.uploadLanded(
    landedItem({
      accountId: ACCOUNT,
      fileCode: 'freshcode123',
      name: 'fresh.bin',
      fldId: folder.fldId,
      size: 42,
      pageLink: `${rig.sandbox.sb.baseUrl}/freshcode123`,
    }),
  )
  changes.dispose()
  expect(await contents.filesInFolder(ACCOUNT, folder.fldId)).toContainEqual({
    name: 'fresh.bin',
    size: 42,
    fileCode: 'freshcode123',
    link: `${rig.sandbox.sb.baseUrl}/freshcode123`,
  })

  // A minute later the folder is read again, so a file deleted on the host meanwhile is not taken for there.
  clock = Date.now() + FOLDER_FRESH_MS + 1
  await expect(contents.list(ACCOUNT, folder.fldId)).rejects.toMatchObject({ kind: 'server' })
  rig.sandbox.sb.setFaults({ errorRate: 0 })
  const fresh = await contents.list(ACCOUNT, folder.fldId)
  expect(fresh.map((f) => f.fileCode).sort()).toEqual(host.map((f) => f.fileCode).sort())
})
