import { parseArgs } from 'node:util'
import { HistoryStore } from '../../history/history-store.ts'
import { UploadEngine } from '../engine.ts'
import { clientOf } from './support.ts'

/**
 * A queue in a process of its own, for the crash test: `node --import tsx core/queue/testing/run-engine.ts
 * --data DIR --base URL --key KEY --src PATH [--bandwidth BPS]`. On a fresh data folder it queues PATH; on a
 * folder with a journal it only resumes what is there. Prints `OPEN` once the engine runs and `IDLE <json>` when
 * all is finished, then exits 0. The test kills it with SIGKILL at random moments in between.
 */
const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    base: { type: 'string' },
    key: { type: 'string' },
    src: { type: 'string' },
    bandwidth: { type: 'string' },
    concurrency: { type: 'string' },
  },
})
const { data, base, key, src } = values
if (!data || !base || !key || !src) throw new Error('usage: --data DIR --base URL --key KEY --src PATH')

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
  await engine.enqueuePaths({ paths: [src], targets: [{ accountId: 'main', fldId: 0 }] })
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
