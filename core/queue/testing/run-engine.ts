import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { HistoryStore } from '../../history/history-store.ts'
import { type DownloadSource, planDownloads } from '../download-plan.ts'
import { UploadEngine } from '../engine.ts'
import { clientOf } from './support.ts'

/**
 * A queue in a process of its own, for the crash tests: `node --import tsx core/queue/testing/run-engine.ts
 * --data DIR --base URL --key KEY (--src PATH | --downloads FILE) [--bandwidth BPS]`. On a fresh data folder it
 * queues PATH (uploads), or the downloads FILE names (JSON: `{ to, sources: DownloadSource[] }`); on a folder with
 * a journal it only resumes what is there. Prints `OPEN` once the engine runs and `IDLE <json>` when all is
 * finished, then exits 0. The test kills it with SIGKILL at random moments in between.
 */
const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    base: { type: 'string' },
    key: { type: 'string' },
    src: { type: 'string' },
    bandwidth: { type: 'string' },
    concurrency: { type: 'string' },
    downloads: { type: 'string' },
  },
})
const { data, base, key, src, downloads } = values
if (!data || !base || !key || (!src && !downloads))
  throw new Error('usage: --data DIR --base URL --key KEY (--src PATH | --downloads FILE)')

const client = clientOf(base, key)
const history = await HistoryStore.open(data)
const engine = await UploadEngine.open({
  dataDir: data,
  clientFor: () => client,
  accountLabel: () => 'main',
  history,
  concurrency: Number(values.concurrency ?? 4),
  bandwidthBytesPerSec: values.bandwidth ? Number(values.bandwidth) : null,
  retry: { attempts: 8, baseMs: 5, maxMs: 100 },
  probe: { baseMs: 50, maxMs: 500 },
})
if (engine.snapshot().batches.length === 0) {
  if (src) await engine.enqueuePaths({ paths: [src], targets: [{ accountId: 'main', fldId: 0 }] })
  else {
    const job = JSON.parse(await readFile(downloads as string, 'utf8')) as {
      to: string
      sources: DownloadSource[]
    }
    await engine.enqueueDownloads(
      await planDownloads({ files: job.sources, dir: job.to, onConflict: 'skip' }),
    )
  }
}
process.stdout.write('OPEN\n')
await engine.whenIdle()
const items = engine.snapshot().items
const summary = {
  items: items.length,
  done: items.filter((i) => i.state === 'done').length,
  failed: items.filter((i) => i.state === 'failed').map((i) => `${i.relPath}: ${i.error?.message}`),
}
await engine.close()
await history.close()
await client.close()
process.stdout.write(`IDLE ${JSON.stringify(summary)}\n`)
