import { afterEach, expect, it } from 'vitest'
import { throttledMoveProgress } from './move-progress.ts'
import { type MoveProgress, moveSelection } from './move-selection.ts'
import { ACCOUNT, type IndexRig, openIndexRig, rigScope } from './testing/index-rig.ts'

let rig: IndexRig | undefined
afterEach(async () => {
  await rig?.close()
  rig = undefined
})

it('reports a move from its count to its last file over real HTTP, never going backwards', async () => {
  rig = await openIndexRig({ seedFiles: 60 })
  const index = await rig.open()
  await index.crawl(ACCOUNT)
  const scope = rigScope(index)
  const target = await rig.client.folderCreate('Target', 0)
  const inRoot = (await rig.client.fileList({ fldId: 0, page: 1, perPage: 1000 })).files
  // One file is there already (moved without a call) and one is gone from the host: both count.
  const [first, second] = inRoot
  if (!first || !second) throw new Error('the seeded root is empty')
  await rig.client.fileSetFolder(first.fileCode, target.fldId)
  await index.revalidate(ACCOUNT, 0)
  await index.revalidate(ACCOUNT, target.fldId)
  const files = [...inRoot.map((f) => f.fileCode), 'gonefromhost1'].map((fileCode) => ({
    accountId: ACCOUNT,
    fileCode,
  }))
  const reports: MoveProgress[] = []
  const result = await moveSelection(
    { kind: 'files', files },
    ACCOUNT,
    target.fldId,
    index,
    scope,
    rig.client,
    (p) => reports.push(p),
  )
  expect(result.moved).toBe(inRoot.length)
  expect(result.failed).toHaveLength(1)
  const total = inRoot.length + 1
  // The first report is the count, before any call has answered: the file already there and the missing one.
  expect(reports[0]).toEqual({ moved: 1, failed: 1, total })
  expect(reports.at(-1)).toEqual({ moved: inRoot.length, failed: 1, total })
  for (let i = 1; i < reports.length; i++) {
    const [a, b] = [reports[i - 1], reports[i]]
    expect(b?.moved ?? 0).toBeGreaterThanOrEqual(a?.moved ?? 0)
    expect(b?.total).toBe(total)
  }
  // One report per file that needed a call, plus the count.
  expect(reports).toHaveLength(inRoot.length - 1 + 1)
})

it('lets the first and the last report through and at most one per interval between', () => {
  let clock = 0
  const sent: MoveProgress[] = []
  const report = throttledMoveProgress(
    (p) => sent.push(p),
    250,
    () => clock,
  )
  report({ moved: 0, failed: 0, total: 10 })
  for (let moved = 1; moved < 10; moved++) {
    clock += 100
    report({ moved, failed: 0, total: 10 })
  }
  clock += 1
  report({ moved: 9, failed: 1, total: 10 })
  expect(sent).toEqual([
    { moved: 0, failed: 0, total: 10 },
    { moved: 3, failed: 0, total: 10 },
    { moved: 6, failed: 0, total: 10 },
    { moved: 9, failed: 0, total: 10 },
    { moved: 9, failed: 1, total: 10 },
  ])
})
