import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DownloadRequest } from '../../shared/downloads.ts'
import { IndexService } from '../index/index-service.ts'
import { ListingWrites } from '../index/listing-writes.ts'
import { openIndexDb } from '../index/open-index-db.ts'
import type { ScopeContext } from '../index/query-scope.ts'
import { indexedFile, putListedFiles } from '../index/testing/indexed-file.ts'
import { type DownloadFileSources, downloadFiles } from './download-files.ts'

/**
 * Where the files of a download go below its folder, read from a real index: the files of one host folder share
 * one relDir array (its trail, or none), so the local plan makes each target folder's path once however many
 * files it holds, and the files and their order are the index's.
 */
const ACCOUNT = 'one'
const PHOTOS = 5
const YEAR = 6
const OTHER = 7
const FOLDER_OF = [0, PHOTOS, YEAR, OTHER]
const FILES = 400
let dir: string
let index: IndexService
let sources: DownloadFileSources

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-dl-files-'))
  const file = join(dir, 'file-index.sqlite')
  const db = openIndexDb(file).db
  db.exec(`INSERT INTO accounts (acct, account_id) VALUES (1, '${ACCOUNT}')`)
  const writes = new ListingWrites(db)
  for (const [fldId, parentId, name] of [
    [PHOTOS, 0, 'Photos'],
    [YEAR, PHOTOS, '2024'],
    [OTHER, 0, 'Other'],
  ] as const)
    writes.putFolders(1, 0, 0, parentId, [{ fldId, name, code: null }], 1)
  putListedFiles(
    db,
    1,
    Array.from({ length: FILES }, (_, i) => indexedFile(i, { fldId: FOLDER_OF[i % FOLDER_OF.length] ?? 0 })),
  )
  db.close()
  index = IndexService.open({
    file,
    clientFor: () => Promise.reject(new Error('no host: the index answers')),
    accounts: () => [{ id: ACCOUNT, label: 'One' }],
    emit: () => undefined,
    autoCrawl: false,
    log: () => undefined,
  })
  await index.opened()
  const scope: ScopeContext = {
    accountIds: () => [ACCOUNT],
    activeId: () => ACCOUNT,
    key: (id) => index.acct(id),
  }
  const noHost = () => Promise.reject(new Error('no host: the index answers'))
  sources = { index: { index, scope }, history: null as never, client: noHost, fromApi: noHost }
})

afterAll(async () => {
  await index.close()
  await rm(dir, { recursive: true, force: true })
})

async function filesOf(what: DownloadRequest['what']) {
  const { files, problems } = await downloadFiles({ accountId: ACCOUNT, what }, sources)
  expect(problems).toEqual([])
  return files
}

/** The codes of a folder's files as the index lists them (by name). */
function codesIn(fldIds: number[]): string[] {
  const sort = { key: 'name', dir: 'asc' } as const
  return [...index.iterateFiles({ accts: [index.acct(ACCOUNT)], fldId: null, under: 0, search: '', sort })]
    .filter((f) => fldIds.includes(f.fldId))
    .map((f) => f.fileCode)
}

/** Each distinct relDir array of the files, with the folders of the files holding it. */
function relDirs(files: Awaited<ReturnType<typeof filesOf>>): Array<{ relDir: string[]; fldIds: number[] }> {
  const arrays = new Map<readonly string[], Set<number>>()
  for (const f of files) arrays.set(f.relDir, (arrays.get(f.relDir) ?? new Set()).add(f.fldId))
  return [...arrays].map(([relDir, fldIds]) => ({ relDir: [...relDir], fldIds: [...fldIds].sort() }))
}

describe('the files of a download and the folders they go into', () => {
  it('a Ctrl+A in a folder: its files side by side, all with one empty relDir', async () => {
    const what = {
      selection: {
        kind: 'query',
        query: {
          scope: { kind: 'folder', accountId: ACCOUNT, fldId: PHOTOS },
          sort: { key: 'name', dir: 'asc' },
        },
        except: [],
      },
    } as DownloadRequest['what']
    const files = await filesOf(what)
    expect(files.map((f) => f.code)).toEqual(codesIn([PHOTOS]))
    expect(relDirs(files)).toEqual([{ relDir: [], fldIds: [PHOTOS] }])
  })

  it('a folder alone: the same', async () => {
    const files = await filesOf({ fldId: PHOTOS, recursive: false })
    expect(files).toHaveLength(FILES / FOLDER_OF.length)
    expect(relDirs(files)).toEqual([{ relDir: [], fldIds: [PHOTOS] }])
  })

  it('a folder with its subfolders, and the whole account: one trail per folder', async () => {
    const tree = await filesOf({ fldId: PHOTOS, recursive: true })
    expect(tree.map((f) => f.code).sort()).toEqual(codesIn([PHOTOS, YEAR]).sort())
    expect(relDirs(tree)).toEqual([
      { relDir: [], fldIds: [PHOTOS] },
      { relDir: ['2024'], fldIds: [YEAR] },
    ])
    const all = await filesOf({ all: true })
    expect(all).toHaveLength(FILES)
    expect(relDirs(all)).toEqual([
      { relDir: [], fldIds: [0] },
      { relDir: ['Photos'], fldIds: [PHOTOS] },
      { relDir: ['Photos', '2024'], fldIds: [YEAR] },
      { relDir: ['Other'], fldIds: [OTHER] },
    ])
  })
})
