import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { DownloadRequest } from '../../../shared/downloads.ts'
import type { FileBasics } from '../../index/index-reader.ts'
import type { IndexSource } from '../download-files.ts'
import { type DownloadHandlerDeps, downloadHandlers } from './download-handlers.ts'

const FILES = 2_000
const dirs: string[] = []
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true })
})

/** An index of one folder of FILES files that counts its reads of them; only what a plan of a folder reads. */
function countingIndex(): { source: IndexSource; reads: () => number } {
  let reads = 0
  const row = (i: number): FileBasics => ({
    kind: 'file',
    accountId: 'main',
    fileCode: `c${String(i).padStart(11, '0')}`,
    name: `file ${i}.bin`,
    size: 100 + i,
    fldId: 5,
  })
  const index = {
    opened: async () => {},
    iterateFileBasics: function* () {
      reads++
      for (let i = 0; i < FILES; i++) yield row(i)
    },
  }
  const scope = { accountIds: () => ['main'], activeId: () => 'main', key: () => 1 }
  return { source: { index, scope } as unknown as IndexSource, reads: () => reads }
}

/** The plan channel's handler over that index (nothing else of the app is reached by a plan of a folder). */
function planChannel(index: IndexSource) {
  const deps = {
    accounts: { get: async () => ({ id: 'main' }) },
    queue: { history: null },
    index,
  } as unknown as DownloadHandlerDeps
  return downloadHandlers(deps)['downloads.plan']
}

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'filedock-dl-handlers-'))
  dirs.push(dir)
  return dir
}

describe('the Download dialog planning the same files into another folder', () => {
  it('reads the files from the index once; only the local half of the plan is made again', async () => {
    const { source, reads } = countingIndex()
    const plan = planChannel(source)
    const what: DownloadRequest['what'] = { fldId: 5, recursive: false }
    const first = await folder()
    const second = await folder()
    // The offered folder and the one filled in right after: the second plan asked while the first is in flight.
    const [a, b] = await Promise.all([
      plan({ accountId: 'main', to: first, onConflict: 'skip', what }),
      plan({ accountId: 'main', to: second, onConflict: 'skip', what }),
    ])
    expect([a.toFetch, b.toFetch, a.dir, b.dir]).toEqual([FILES, FILES, first, second])
    expect(reads()).toBe(1)
    // Other files are read afresh.
    await plan({ accountId: 'main', to: second, onConflict: 'skip', what: { fldId: 6, recursive: false } })
    expect(reads()).toBe(2)
  })
})
