import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { ApiClient } from '../core/api/client.ts'
import { HistoryStore } from '../core/history/history-store.ts'
import { UploadEngine } from '../core/queue/engine.ts'

/**
 * The upload engine in a process of its own, so its peak RSS is its own. FILEDOCK_BASE_URL / FILEDOCK_API_KEY
 * name the host. Prints one JSON line.
 *
 *   upload  --data DIR [--concurrency N] PATH…   queue the paths, wait until idle:
 *           {"ms", "done", "failed", "maxRssMiB", "baseRssMiB"}
 *   enqueue --data DIR --folder DIR              with the queue paused: time enqueuePaths of the folder, then of
 *           its files as 10,000 separate paths: {"folderMs", "pathsMs", "items"}
 */
const { values, positionals } = parseArgs({
  options: { data: { type: 'string' }, concurrency: { type: 'string' }, folder: { type: 'string' } },
  allowPositionals: true,
})
const [mode, ...paths] = positionals
const baseUrl = process.env.FILEDOCK_BASE_URL
const apiKey = process.env.FILEDOCK_API_KEY
if (!values.data || !baseUrl || !apiKey || (mode !== 'upload' && mode !== 'enqueue')) {
  console.error('usage: queue-engine.ts upload|enqueue --data DIR [--concurrency N] [--folder DIR] [PATH…]')
  process.exit(2)
}

const baseRssMiB = process.memoryUsage.rss() / 2 ** 20
const client = new ApiClient({ baseUrl, apiKey })
const history = await HistoryStore.open(join(values.data, 'history'))
const engine = await UploadEngine.open({
  dataDir: join(values.data, 'queue'),
  clientFor: () => client,
  accountLabel: () => 'bench',
  history,
  concurrency: Number(values.concurrency ?? 3),
})
const targets = [{ accountId: 'bench', fldId: 0 }]
let result: Record<string, number>
if (mode === 'upload') {
  const started = performance.now()
  await engine.enqueuePaths({ paths, targets })
  await engine.whenIdle()
  const ms = performance.now() - started
  const items = engine.snapshot().items
  result = {
    ms,
    done: items.filter((i) => i.state === 'done').length,
    failed: items.filter((i) => i.state === 'failed').length,
    maxRssMiB: process.resourceUsage().maxRSS / 1024,
    baseRssMiB,
  }
} else {
  const folder = values.folder as string
  await engine.pause()
  let started = performance.now()
  const a = await engine.enqueuePaths({ paths: [folder], targets })
  const folderMs = performance.now() - started
  const files = (await readdir(folder)).map((name) => join(folder, name))
  started = performance.now()
  const b = await engine.enqueuePaths({ paths: files, targets })
  const pathsMs = performance.now() - started
  result = { folderMs, pathsMs, folderItems: a.accepted, pathItems: b.accepted, files: files.length }
}
await engine.close()
await history.close()
await client.close()
console.log(JSON.stringify(result))
