import { expect, it } from 'vitest'
import { sandboxForAll } from '../../sandbox/test-support.ts'
import { ApiClient } from '../api/client.ts'
import { FolderMirror, type MirroredFolder } from './folder-mirror.ts'

const t = sandboxForAll()

it('tells of each folder it made on the host, once, with its parent; a folder it reused is not told', async () => {
  const client = new ApiClient({ baseUrl: t.sb.baseUrl, apiKey: t.sb.apiKey })
  const existing = await client.folderCreate('Photos', 0)
  const made: MirroredFolder[] = []
  const mirror = new FolderMirror(undefined, (f) => made.push(f))

  // Two workers of one drop need the same path at once: one create each, one report each.
  const [a, b] = await Promise.all([
    mirror.ensure('acc', client, 0, ['Photos', '2026', 'day one']),
    mirror.ensure('acc', client, 0, ['Photos', '2026', 'day one']),
  ])
  expect(a).toBe(b)

  const year = (await client.folderList(existing.fldId)).folders.find((f) => f.name === '2026')
  const day = year && (await client.folderList(year.fldId)).folders.find((f) => f.name === 'day one')
  expect(made).toEqual([
    { accountId: 'acc', parentId: existing.fldId, fldId: year?.fldId, name: '2026' },
    { accountId: 'acc', parentId: year?.fldId, fldId: day?.fldId, name: 'day one' },
  ])
  expect(day?.fldId).toBe(a)
  await client.close()
})
