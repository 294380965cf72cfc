import { afterEach, expect, it } from 'vitest'
import { filesJson } from './files-json.ts'
import { moveSelection } from './move-selection.ts'
import { ACCOUNT, type IndexRig, openIndexRig, rigScope } from './testing/index-rig.ts'

let rig: IndexRig | undefined
afterEach(async () => {
  await rig?.close()
  rig = undefined
})

it('moves a whole query less unticked files, per file, keeps the index true, and is safe to repeat', async () => {
  rig = await openIndexRig({ seedFiles: 400 })
  const index = await rig.open()
  await index.crawl(ACCOUNT)
  const scope = rigScope(index)
  const target = await rig.client.folderCreate('Moved here', 0)
  const inRoot = (await rig.client.fileList({ fldId: 0, page: 1, perPage: 1000 })).files
  const [firstInRoot] = inRoot
  if (firstInRoot === undefined) throw new Error('the seeded root is empty')
  const kept = inRoot.slice(0, 2).map((f) => ({ accountId: ACCOUNT, fileCode: f.fileCode }))
  const query = {
    scope: { kind: 'folder' as const, accountId: ACCOUNT, fldId: 0 },
    sort: { key: 'name' as const, dir: 'asc' as const },
  }
  // A row the host no longer has (deleted elsewhere, index not yet refreshed).
  await index.recordChange(ACCOUNT, {
    kind: 'filesAdded',
    files: filesJson([{ ...firstInRoot, fileCode: 'gonefromhost1', name: 'gone.txt' }]),
  })
  const selection = { kind: 'query' as const, query, except: kept }
  expect(index.summarize(selection, scope)).toEqual({
    files: inRoot.length - 1,
    totalSize: inRoot.slice(2).reduce((s, f) => s + f.size, 0) + firstInRoot.size,
  })

  const links = index.selectedLinks(selection, scope)
  expect(links).toHaveLength(inRoot.length - 1)
  for (const k of kept) expect(links).not.toContain(`${rig.sandbox.sb.baseUrl}/${k.fileCode}`)
  expect(links).toContain(`${rig.sandbox.sb.baseUrl}/${inRoot[2]?.fileCode}`)

  const result = await moveSelection(selection, ACCOUNT, target.fldId, index, scope, rig.client)
  expect(result.moved).toBe(inRoot.length - 2)
  expect(result.failed).toEqual([
    expect.objectContaining({
      fileCode: 'gonefromhost1',
      name: 'gone.txt',
      error: expect.objectContaining({ kind: 'not_found' }),
    }),
  ])
  expect(result.changedFolders).toEqual([target.fldId, 0])
  expect(result.from.map((g) => ({ ...g, fileCodes: [...g.fileCodes].sort() }))).toEqual([
    {
      fldId: 0,
      fileCodes: inRoot
        .slice(2)
        .map((f) => f.fileCode)
        .sort(),
    },
  ])
  const onHost = (await rig.client.fileList({ fldId: target.fldId, page: 1, perPage: 1000 })).files.map(
    (f) => f.fileCode,
  )
  expect(onHost.sort()).toEqual(
    inRoot
      .slice(2)
      .map((f) => f.fileCode)
      .sort(),
  )
  const inIndex = [
    ...index.iterateFiles({
      accts: [index.acct(ACCOUNT)],
      fldId: target.fldId,
      search: '',
      sort: query.sort,
    }),
  ]
  expect(inIndex.map((f) => f.fileCode).sort()).toEqual(onHost.sort())

  // Again, as a list of the same files: they are already there, nothing is called, nothing fails.
  rig.sandbox.sb.setFaults({ errorRate: 1 })
  const again = await moveSelection(
    { kind: 'files', files: onHost.map((fileCode) => ({ accountId: ACCOUNT, fileCode })) },
    ACCOUNT,
    target.fldId,
    index,
    scope,
    rig.client,
  )
  rig.sandbox.sb.setFaults({ errorRate: 0 })
  expect(again).toMatchObject({ moved: onHost.length, failed: [], from: [] })
})

it('names the files it moved by the folder each left; an undo moves each group back, only from where it went', async () => {
  rig = await openIndexRig({ seedFiles: 0 })
  const index = await rig.open()
  const a = await rig.client.folderCreate('A', 0)
  const b = await rig.client.folderCreate('B', 0)
  const target = await rig.client.folderCreate('Target', 0)
  const upload = async (name: string, fldId: number): Promise<string> => {
    const answer = await rig?.sandbox.upload([{ name, data: `content of ${name}` }])
    const code: unknown = answer?.[0]?.file_code
    if (typeof code !== 'string') throw new Error(`upload of ${name} failed: ${JSON.stringify(answer)}`)
    if (fldId !== 0) await rig?.client.fileSetFolder(code, fldId)
    return code
  }
  const inA = [await upload('a1.txt', a.fldId), await upload('a2.txt', a.fldId)]
  const inB = [await upload('b1.txt', b.fldId)]
  const inRoot = [await upload('r1.txt', 0)]
  const already = await upload('t1.txt', target.fldId)
  await index.crawl(ACCOUNT)
  const scope = rigScope(index)
  const files = [...inA, ...inB, ...inRoot, already].map((fileCode) => ({ accountId: ACCOUNT, fileCode }))
  const result = await moveSelection(
    { kind: 'files', files },
    ACCOUNT,
    target.fldId,
    index,
    scope,
    rig.client,
  )
  expect(result.moved).toBe(5)
  const groups = new Map(result.from.map((g) => [g.fldId, [...g.fileCodes].sort()]))
  expect(groups).toEqual(
    new Map([
      [a.fldId, [...inA].sort()],
      [b.fldId, inB],
      [0, inRoot],
    ]),
  )

  // Meanwhile another window moves the root's file on, into B.
  const onward = {
    kind: 'files' as const,
    files: inRoot.map((fileCode) => ({ accountId: ACCOUNT, fileCode })),
  }
  expect(await moveSelection(onward, ACCOUNT, b.fldId, index, scope, rig.client)).toMatchObject({ moved: 1 })

  // The undo: each group back to its own folder, through the same move, only from where the move put them.
  const outcomes = new Map<number, Awaited<ReturnType<typeof moveSelection>>>()
  for (const g of result.from) {
    const back = g.fileCodes.map((fileCode) => ({ accountId: ACCOUNT, fileCode }))
    const files = { kind: 'files' as const, files: back }
    outcomes.set(
      g.fldId,
      await moveSelection(files, ACCOUNT, g.fldId, index, scope, rig.client, undefined, target.fldId),
    )
  }
  expect(outcomes.get(a.fldId)).toMatchObject({ moved: 2, failed: [] })
  expect(outcomes.get(b.fldId)).toMatchObject({ moved: 1, failed: [] })
  expect(outcomes.get(0)).toMatchObject({
    moved: 0,
    failed: [
      { fileCode: inRoot[0], name: 'r1.txt', error: { message: expect.stringContaining('another folder') } },
    ],
  })
  const codesIn = async (fldId: number) =>
    (await rig?.client.fileList({ fldId, page: 1, perPage: 100 }))?.files.map((f) => f.fileCode).sort()
  expect(await codesIn(a.fldId)).toEqual([...inA].sort())
  expect(await codesIn(b.fldId)).toEqual([...inB, ...inRoot].sort())
  expect(await codesIn(0)).toEqual([])
  expect(await codesIn(target.fldId)).toEqual([already])

  // The undo again: what went back counts as back, nothing moves twice.
  const again = result.from.find((g) => g.fldId === a.fldId)?.fileCodes ?? []
  const repeat = {
    kind: 'files' as const,
    files: again.map((fileCode) => ({ accountId: ACCOUNT, fileCode })),
  }
  rig.sandbox.sb.setFaults({ errorRate: 1 })
  const twice = await moveSelection(
    repeat,
    ACCOUNT,
    a.fldId,
    index,
    scope,
    rig.client,
    undefined,
    target.fldId,
  )
  rig.sandbox.sb.setFaults({ errorRate: 0 })
  expect(twice).toMatchObject({ moved: 2, failed: [], from: [] })
})

it('refuses to move files into a folder of another account, file by file', async () => {
  rig = await openIndexRig({ seedFiles: 20 })
  const index = await rig.open({
    accounts: () => [
      { id: ACCOUNT, label: 'A' },
      { id: 'acc-other', label: 'B' },
    ],
  })
  await index.crawl(ACCOUNT)
  const scope = { ...rigScope(index), accountIds: () => [ACCOUNT, 'acc-other'] }
  const [file] = (await rig.client.fileList({ page: 1, perPage: 1 })).files
  if (file === undefined) throw new Error('no seeded file')
  const result = await moveSelection(
    {
      kind: 'files',
      files: [
        { accountId: ACCOUNT, fileCode: file.fileCode },
        { accountId: ACCOUNT, fileCode: file.fileCode },
      ],
    },
    'acc-other',
    0,
    index,
    scope,
    rig.client,
  )
  expect(result).toMatchObject({
    moved: 0,
    failed: [{ fileCode: file.fileCode, error: { kind: 'invalid_input' } }],
  })
})
