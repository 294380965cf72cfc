import { mkdtemp, rm, writeFile } from 'node:fs/promises'
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

/**
 * The plan and start channels' handlers over that index; start's queue keeps the plans it is given (nothing else
 * of the app is reached by a download of a folder).
 */
function channels(index: IndexSource) {
  const enqueued: unknown[] = []
  const deps = {
    accounts: { get: async () => ({ id: 'main' }) },
    queue: {
      history: null,
      engine: () => ({
        enqueueDownloads: async (plan: unknown) => {
          enqueued.push(plan)
          return { batchId: 'b1' }
        },
      }),
    },
    settings: { get: () => ({ lastFolders: {} }), update: async () => {} },
    events: { emit: () => {} },
    index,
  } as unknown as DownloadHandlerDeps
  const handlers = downloadHandlers(deps)
  return { plan: handlers['downloads.plan'], start: handlers['downloads.start'], enqueued }
}

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'filedock-dl-handlers-'))
  dirs.push(dir)
  return dir
}

describe('the Download dialog planning the same files into another folder', () => {
  it('reads the files from the index once; only the local half of the plan is made again', async () => {
    const { source, reads } = countingIndex()
    const { plan } = channels(source)
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

describe('Download pressed in the dialog', () => {
  it('starts the plan the dialog showed, not a new one; a second Download plans afresh from files read afresh', async () => {
    const { source, reads } = countingIndex()
    const { plan, start, enqueued } = channels(source)
    const what: DownloadRequest['what'] = { fldId: 5, recursive: false }
    const offered: DownloadRequest = { accountId: 'main', to: await folder(), onConflict: 'skip', what }
    const chosen: DownloadRequest = { ...offered, to: await folder() }
    await plan(offered)
    expect((await plan(chosen)).toFetch).toBe(FILES)
    // A file of the download lands there after the plan was shown: only a new plan would see it.
    await writeFile(join(chosen.to, 'file 0.bin'), Buffer.alloc(100))
    const started = await start(chosen)
    expect([started.plan.dir, started.plan.toFetch, reads()]).toEqual([chosen.to, FILES, 1])
    const again = await start(chosen)
    expect([again.plan.toFetch, again.plan.alreadyHere, reads()]).toEqual([FILES - 1, 1, 2])
    expect(enqueued).toHaveLength(2)
  })
})
