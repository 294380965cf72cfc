import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { mapLimit } from '../renderer/src/lib/map-limit.ts'
import { listFiles, type SandboxRef } from '../sandbox/testing/api-calls.ts'
import { MAX_BATCH } from '../shared/ipc/limits.ts'
import { startAppHost } from './app-host.ts'
import { startReady } from './lib/child.ts'
import { smallFiles } from './lib/files.ts'
import { hostCounts, type RateRun, rateFigures } from './lib/host-counts.ts'
import { type HostSocket, openHostSocket } from './lib/host-socket.ts'
import { round } from './lib/stats.ts'

const FILES = 100_000
const UPLOADS = 50
const LINKS = 1_000
/** The link checker's calls in flight at once (renderer/src/features/link-check/check-links.ts). */
const CHECK_CALLS = 3
const FILE_BYTES = 1024
/** A round's ceiling: at 10 a second, the work's ~450 requests take ~45 s. */
const ROUND_LIMIT_MS = 600_000

/**
 * The workload (issue 19) through the browser host as the page drives it: the core in its own process
 * (web/main.ts over the built renderer) against the sandbox in another, with its rate on (`variant`). Over the
 * host's WebSocket, at once: the account added (its first crawl of the 100,000 seeded files starts), 50 files
 * queued (queue.enqueuePaths, as a drop) and a link check of 1,000 links (files.check in calls of MAX_BATCH, three
 * in flight, as the link checker's page sends them: 500 of the host's files and 500 codes it never issued). Each
 * round ends when the crawl has finished (index.status), the upload batch too (batch.finished) and every check has
 * answered. Then a second round on the same host process, whose budget knows the rate from the first round's 429:
 * a full crawl again (index.refresh), 50 other files, the same link check.
 *
 * The ideal is the API requests the host took in the round (its own count) at `rate` a second.
 */
export async function rateThroughAppHost(work: string, variant: string[], rate: number) {
  execFileSync(process.execPath, ['scripts/build-renderer-if-stale.mjs'], { stdio: 'inherit' })
  const dir = join(work, `rate-app-${rate === 0 ? 'free' : 'limited'}`)
  const clips = [
    await smallFiles(join(dir, 'clips-1'), UPLOADS, FILE_BYTES),
    await smallFiles(join(dir, 'clips-2'), UPLOADS, FILE_BYTES),
  ]
  const sandbox = await startReady<SandboxRef>(
    'sandbox/main.ts',
    ['--port', '0', '--data', join(dir, 'sb'), '--seed-files', String(FILES), '--seed-flat', ...variant],
    120_000,
  )
  try {
    const { baseUrl } = sandbox.ready
    // The links pasted into the checker, read before the clock starts; then a second for the host's bucket to fill.
    const alive = (await listFiles(sandbox.ready, { per_page: LINKS / 2, page: 1 })).map(
      (f) => `${baseUrl}/${f.file_code}`,
    )
    const links = [...alive, ...alive.map((_, i) => `${baseUrl}/zz${String(i).padStart(10, '0')}`)]
    await sleep(1000)
    const host = await startAppHost(join(dir, 'host'))
    try {
      const socket = await openHostSocket(host.url)
      try {
        const batches = finishedBatches(socket)
        let accountId = ''
        const first = await timedRound(sandbox.ready, async () => {
          accountId = (
            await socket.call<{ id: string }>('accounts.add', { label: 'Bench', ...sandbox.ready })
          ).id
          return workAtOnce(socket, batches, accountId, clips[0] as string, links, alive.length, null)
        })
        const [status] = await socket.call<Array<{ lastFullCrawl: string | null }>>('index.status', {})
        const second = await timedRound(sandbox.ready, async () => {
          await socket.call('index.refresh', { accountId })
          return workAtOnce(
            socket,
            batches,
            accountId,
            clips[1] as string,
            links,
            alive.length,
            status?.lastFullCrawl,
          )
        })
        return { firstMeeting: figures(first, rate), rateKnown: figures(second, rate) }
      } finally {
        socket.close()
      }
    } finally {
      await host.stop()
    }
  } finally {
    await sandbox.stop()
  }
}

function figures(run: RateRun, rate: number) {
  return rate === 0
    ? { seconds: round(run.seconds, 1), failedOperations: run.failed }
    : rateFigures(run, rate)
}

/** `work`, timed, with what the host took and refused meanwhile; it resolves with the operations that failed. */
async function timedRound(sandbox: SandboxRef, work: () => Promise<number>): Promise<RateRun> {
  const before = await hostCounts(sandbox)
  const started = performance.now()
  const limit = new AbortController()
  const overdue = sleep(ROUND_LIMIT_MS, undefined, { signal: limit.signal }).then(() => {
    throw new Error('bench rate: a round took over 10 minutes')
  })
  // Aborted once the round is over (its timer would hold the process 10 minutes): that rejection is nobody's.
  overdue.catch(() => undefined)
  const failed = await Promise.race([work(), overdue]).finally(() => limit.abort())
  const seconds = (performance.now() - started) / 1000
  const after = await hostCounts(sandbox)
  return { seconds, failed, taken: after.taken - before.taken, refused: after.refused - before.refused }
}

/**
 * The uploads and the link check started at once beside the account's crawl (started by accounts.add, or by
 * index.refresh); resolves, once all three are over, with the operations that failed: files not uploaded, links
 * not answered or answered wrong, a crawl that ended in error.
 */
async function workAtOnce(
  socket: HostSocket,
  batches: (batchId: string) => Promise<{ failed: number; cancelled: number }>,
  accountId: string,
  clips: string,
  links: string[],
  alive: number,
  crawledBefore: string | null | undefined,
): Promise<number> {
  const upload = (async () => {
    const queued = await socket.call<{ batchId: string | null; accepted: number }>('queue.enqueuePaths', {
      paths: [clips],
      targets: [{ accountId, fldId: 0 }],
      ifAlreadyThere: 'upload',
    })
    if (queued.batchId === null) return UPLOADS
    const finished = await batches(queued.batchId)
    return UPLOADS - queued.accepted + finished.failed + finished.cancelled
  })()
  const check = (async () => {
    const calls: string[][] = []
    for (let i = 0; i < links.length; i += MAX_BATCH) calls.push(links.slice(i, i + MAX_BATCH))
    const answered = await mapLimit(calls, CHECK_CALLS, (urls) =>
      socket.call<Array<{ found: boolean }>>('files.check', { accountId, urls }),
    )
    const found = answered.flatMap((a) => (a.status === 'fulfilled' ? a.value : [])).filter((e) => e.found)
    const unanswered = answered.filter((a) => a.status === 'rejected').length * MAX_BATCH
    return unanswered + Math.abs(found.length - alive)
  })()
  const crawl = (async () => {
    for (;;) {
      const status = (
        await socket.call<Array<{ state: string; lastFullCrawl: string | null }>>('index.status', {})
      )[0]
      if (status?.state === 'error') return 1
      if (status?.lastFullCrawl && status.lastFullCrawl !== crawledBefore && status.state !== 'crawling')
        return 0
      await sleep(100)
    }
  })()
  const failed = await Promise.all([upload, check, crawl])
  return failed.reduce((a, b) => a + b, 0)
}

/** batch.finished as the page hears it, kept from the moment the socket opens (it may come before its call's answer). */
function finishedBatches(socket: HostSocket) {
  const seen = new Map<string, { failed: number; cancelled: number }>()
  const waiting = new Map<string, (b: { failed: number; cancelled: number }) => void>()
  socket.onEvent((event) => {
    if (event.type !== 'batch.finished') return
    const batch = { failed: Number(event.failed), cancelled: Number(event.cancelled) }
    const id = String(event.batchId)
    seen.set(id, batch)
    waiting.get(id)?.(batch)
  })
  return (batchId: string) =>
    new Promise<{ failed: number; cancelled: number }>((resolve) => {
      const known = seen.get(batchId)
      if (known !== undefined) resolve(known)
      else waiting.set(batchId, resolve)
    })
}
