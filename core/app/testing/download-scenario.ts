import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { DownloadPlanSummary, DownloadStarted } from '../../../shared/downloads.ts'
import type { FiledockErrorData } from '../../../shared/errors.ts'
import type { HistoryEntry } from '../../../shared/history.ts'
import type { ChannelName } from '../../../shared/ipc/channels.ts'
import type { AppSettings } from '../../../shared/ipc/settings.ts'
import type { QueueSnapshot } from '../../../shared/queue.ts'
import { NO_REVEAL } from '../handlers/download-handlers.ts'

type Call = <T>(channel: ChannelName, input?: unknown) => Promise<T>
type Refused = (channel: ChannelName, input: unknown) => Promise<FiledockErrorData | undefined>

/**
 * The download half of the contract scenario, after the upload half (whose batch it downloads back from the
 * history): the folder offered, a plan that touches nothing, the batch downloaded into its drop's folders, a plan
 * again that finds it all here, the folder remembered, the download speed limit, and a host with no opener.
 */
export async function runDownloadScenario(call: Call, refused: Refused, accountId: string): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'filedock-dl-scenario-'))
  try {
    const offered = await call<{ path: string; remembered: boolean }>('downloads.folder')
    expect(offered).toEqual({ path: expect.stringMatching(/[\\/]Filedock$/), remembered: false })
    const relative = { accountId, to: 'Downloads', onConflict: 'skip', what: { all: true } }
    expect((await refused('downloads.plan', relative))?.kind).toBe('invalid_input')

    const [two] = await call<HistoryEntry[]>('history.search', { text: 'two.txt', limit: 1, offset: 0 })
    if (two === undefined) throw new Error('the upload scenario left no history')
    const to = join(dir, 'from history')
    const request = { accountId, to, onConflict: 'skip', what: { batchId: two.batchId } }
    const plan = await call<DownloadPlanSummary>('downloads.plan', request)
    expect(plan).toMatchObject({ dir: to, toFetch: 2, alreadyHere: 0, conflicts: 0, totalBytes: 1200 })
    expect(await readdir(dir)).toEqual([])

    const started = await call<DownloadStarted>('downloads.start', request)
    expect(started.batchId).toEqual(expect.any(String))
    const done = await settled(call, started.batchId as string)
    // The snapshot lists finished items as they finished: two downloads at once end in either order.
    const byPath = [...done].sort((a, b) => (a.relPath ?? '').localeCompare(b.relPath ?? ''))
    expect(byPath.map((i) => [i.direction, i.relPath, i.state])).toEqual([
      ['down', 'scenario-tree/inner/two.txt', 'done'],
      ['down', 'scenario-tree/one.txt', 'done'],
    ])
    expect(await readFile(join(to, 'scenario-tree', 'inner', 'two.txt'), 'utf8')).toBe('two '.repeat(200))
    expect(await call<DownloadPlanSummary>('downloads.plan', request)).toMatchObject({
      toFetch: 0,
      alreadyHere: 2,
      totalBytes: 0,
    })
    expect(await call('downloads.folder')).toEqual({ path: to, remembered: true })
    expect(await call<AppSettings>('settings.get')).toMatchObject({
      lastFolders: { downloads: to },
      onConflict: 'skip',
    })

    // The one code alone: no folders for it.
    const one = { ...request, what: { codes: [two.fileCode] } }
    expect(await call<DownloadPlanSummary>('downloads.plan', one)).toMatchObject({
      toFetch: 1,
      totalBytes: 800,
    })

    const item = done[0]?.id
    expect(await refused('downloads.reveal', { itemId: item, how: 'folder' })).toMatchObject({
      kind: 'not_found',
      operation: NO_REVEAL,
    })

    await call('queue.setBandwidthLimit', { bytesPerSec: 1_000_000, direction: 'down' })
    expect(await call<AppSettings>('settings.get')).toMatchObject({
      downloadBytesPerSec: 1_000_000,
      bandwidthBytesPerSec: null,
    })
    expect(await call<QueueSnapshot>('queue.snapshot')).toMatchObject({
      downloadBytesPerSec: 1_000_000,
      bandwidthBytesPerSec: null,
    })
    await call('queue.setBandwidthLimit', { bytesPerSec: null, direction: 'down' })
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** The items of a batch once none of them is still on its way. */
export async function settled(call: Call, batchId: string): Promise<QueueSnapshot['items']> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const items = (await call<QueueSnapshot>('queue.snapshot')).items.filter((i) => i.batchId === batchId)
    if (items.length > 0 && items.every((i) => ['done', 'failed', 'cancelled'].includes(i.state)))
      return items
    if (Date.now() > deadline) throw new Error(`the downloads did not settle: ${JSON.stringify(items)}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}
