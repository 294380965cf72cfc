import { mkdir } from 'node:fs/promises'
import { FiledockError } from '../../shared/errors.ts'
import { MAX_CONCURRENCY } from '../../shared/ipc/settings.ts'
import type { LinkFormat } from '../../shared/links.ts'
import type { EnqueueResult, QueueListener, QueueSnapshot } from '../../shared/queue.ts'
import type { ApiClient } from '../api/client.ts'
import { defaultRetry, type RetryOptions } from './backoff.ts'
import { Connectivity, defaultProbe, type ProbeOptions } from './connectivity.ts'
import { cancelItem, clearFinished, pauseItem, resumeItems, retryFailed } from './controls.ts'
import { type HistorySink, QueueCore } from './core.ts'
import { lockQueueDir } from './dir-lock.ts'
import { type PathsInput, type Plan, planPaths, planUrls, type UrlsInput } from './enqueue.ts'
import { QueueEvents } from './events.ts'
import { FolderMirror } from './folder-mirror.ts'
import { ProgressMeter } from './progress.ts'
import { QueueStore } from './queue-store.ts'
import { offlineMessage, runItem, writeHistory } from './runner.ts'
import type { ScanOptions } from './scan.ts'
import { UploadSessions } from './sessions.ts'
import { snapshotOf } from './snapshot.ts'
import { TokenBucket } from './throttle.ts'
import { totals } from './views.ts'

export type { HistorySink } from './core.ts'
export type { PathsInput, UrlsInput } from './enqueue.ts'

export interface UploadEngineOptions {
  /** Folder for the queue journal (queue.jsonl) and its lock. */
  dataDir: string
  /** The API client of an account (ClientPool.get in the app); asked again for every attempt. */
  clientFor(accountId: string): ApiClient | Promise<ApiClient>
  accountLabel(accountId: string): string
  history: HistorySink
  /** Transfers at once; default 3. */
  concurrency?: number
  /** All transfers together; null or absent: no limit. */
  bandwidthBytesPerSec?: number | null
  retry?: Partial<RetryOptions>
  /** How long a remote URL may take the host to fetch; default 10 min. */
  remoteTimeoutMs?: number
  /** First and longest gap between polls of a remote URL's folder; default 2 s and 15 s. */
  remotePollMs?: { first?: number; max?: number }
  /** Offline probing; default 1 s doubling to 30 s. */
  probe?: Partial<ProbeOptions>
  /** Gap between progress events; default 100 ms (at most 10 per second). */
  progressIntervalMs?: number
  /** Format of batch.finished's linkPack; default page links. */
  linkFormat?: LinkFormat
  scan?: ScanOptions
  now?: () => number
}

/**
 * The upload queue: files, dropped folder trees and remote URLs, for one or several accounts, durable across
 * crashes (queue-store.ts), never uploading a file twice (upload-item.ts, dedup.ts), retrying what can be
 * retried and pausing itself when the key is rejected or the host is unreachable. Events: one ordered stream
 * (shared/queue.ts).
 */
export class UploadEngine {
  private constructor(
    private readonly core: QueueCore,
    private readonly unlock: () => Promise<void>,
    private readonly lifetime: AbortController,
    private readonly scanOptions: ScanOptions | undefined,
  ) {}

  static async open(o: UploadEngineOptions): Promise<UploadEngine> {
    const concurrency = checkConcurrency(o.concurrency ?? 3)
    const rate = checkBandwidth(o.bandwidthBytesPerSec ?? null)
    await mkdir(o.dataDir, { recursive: true })
    const unlock = await lockQueueDir(o.dataDir)
    try {
      const store = await QueueStore.open(o.dataDir)
      const lifetime = new AbortController()
      const events = new QueueEvents()
      const now = o.now ?? Date.now
      let core: QueueCore
      const progress = new ProgressMeter(
        (items) =>
          events.emit({
            type: 'queue.progress',
            items,
            totals: totals(store.items.values(), (id) => core.rt(id), progress),
          }),
        o.progressIntervalMs ?? 100,
      )
      const clientFor = async (id: string) => o.clientFor(id)
      core = new QueueCore(
        {
          store,
          events,
          mirror: new FolderMirror(lifetime.signal),
          sessions: new UploadSessions(lifetime.signal),
          bucket: new TokenBucket(rate),
          progress,
          history: o.history,
          clientFor,
          accountLabel: o.accountLabel,
          retry: { ...defaultRetry, ...o.retry },
          poll: {
            timeoutMs: o.remoteTimeoutMs ?? 600_000,
            firstPollMs: o.remotePollMs?.first ?? 2_000,
            maxPollMs: o.remotePollMs?.max ?? 15_000,
          },
          linkFormat: o.linkFormat ?? 'page',
          now,
        },
        concurrency,
        (id) => runItem(core, id),
      )
      core.connectivity = new Connectivity(
        clientFor,
        { ...defaultProbe, ...o.probe },
        (accountId) => core.halt('offline', offlineMessage(core, accountId), accountId),
        () => core.unhalt(['offline']),
      )
      const engine = new UploadEngine(core, unlock, lifetime, o.scan)
      engine.start()
      return engine
    } catch (err) {
      await unlock()
      throw err
    }
  }

  /** Restores the journal's items; work starts on the next turn, so a listener added right after open sees it. */
  private start(): void {
    const { core } = this
    const { store } = core.d
    if (store.userPaused) core.pause.enter('user', 'The queue is paused.', core.d.now())
    for (const item of store.items.values()) {
      core.changed(item, false)
      if (item.state === 'queued') core.push(item)
      if (item.state === 'done' && item.result && !item.historyWritten)
        void core.track(writeHistory(core, item, item.result))
    }
    setImmediate(() => {
      core.started = true
      core.finishRestoredBatches()
      core.scheduler.pump()
    })
  }

  onEvent(listener: QueueListener): () => void {
    return this.core.d.events.on(listener)
  }

  /** Scans the paths, checks the free space of each account, and queues one item per (file, account). */
  async enqueuePaths(input: PathsInput): Promise<EnqueueResult> {
    return this.add(await planPaths(input, this.planDeps()))
  }

  /** Queues one remote upload per (URL, account). */
  async enqueueUrls(input: UrlsInput): Promise<EnqueueResult> {
    return this.add(await planUrls(input, this.planDeps()))
  }

  private planDeps() {
    const { core } = this
    return {
      clientFor: async (id: string) => core.d.clientFor(id),
      queuedBytes: (accountId: string) => {
        let n = 0
        for (const i of core.d.store.items.values()) {
          if (i.accountId === accountId && (i.state === 'queued' || i.state === 'paused')) n += i.size ?? 0
        }
        return n
      },
      takeSeq: () => core.d.store.takeSeq(),
      now: core.d.now,
      ...(this.scanOptions ? { scan: this.scanOptions } : {}),
    }
  }

  private async add(plan: Plan): Promise<EnqueueResult> {
    this.assertOpen()
    const { core } = this
    if (!plan.batch || plan.items.length === 0) return { batchId: null, accepted: 0, problems: plan.problems }
    // Counted before the await: the batch is in the store from this moment, and must never look finished.
    const durable = core.d.store.addBatch(plan.batch, plan.items)
    for (const item of plan.items) core.changed(item, false)
    await durable
    core.d.events.emit({
      type: 'queue.added',
      batchId: plan.batch.id,
      items: plan.items.map((i) => core.view(i)),
    })
    for (const item of plan.items) core.push(item)
    return { batchId: plan.batch.id, accepted: plan.items.length, problems: plan.problems }
  }

  /** Without an id: the whole queue (running transfers go back in line). With one: that item. */
  async pause(itemId?: string): Promise<void> {
    this.assertOpen()
    if (itemId !== undefined) return pauseItem(this.core, itemId)
    await this.core.d.store.setUserPaused(true)
    this.core.halt('user', 'The queue is paused.')
  }

  /** Without an id: lifts any queue pause and resumes every paused item. With one: that item. */
  async resume(itemId?: string): Promise<void> {
    this.assertOpen()
    await resumeItems(this.core, itemId)
    if (itemId !== undefined) return
    if (this.core.d.store.userPaused) await this.core.d.store.setUserPaused(false)
    this.core.unhalt(['user', 'auth', 'offline'])
  }

  /** A running transfer is aborted; what it may have stored stays on the host (the API cannot delete). */
  async cancel(itemId: string): Promise<void> {
    this.assertOpen()
    await cancelItem(this.core, itemId)
  }

  /** Puts failed items (all, or the given ones) back in line with a fresh count of attempts. */
  async retryFailed(itemIds?: readonly string[]): Promise<number> {
    this.assertOpen()
    return retryFailed(this.core, itemIds)
  }

  /**
   * Removes done and cancelled items of finished batches (failed ones stay, to be retried or looked at; items
   * of a batch still running stay until it finishes, so its batch.finished lists every upload).
   */
  async clearFinished(): Promise<number> {
    this.assertOpen()
    return clearFinished(this.core)
  }

  setConcurrency(n: number): void {
    this.core.scheduler.setConcurrency(checkConcurrency(n))
    this.emitSettings()
  }

  setBandwidthLimit(bytesPerSec: number | null): void {
    this.core.d.bucket.setRate(checkBandwidth(bytesPerSec))
    this.emitSettings()
  }

  snapshot(): QueueSnapshot {
    return snapshotOf(this.core)
  }

  /**
   * Resolves when no item is queued, running, retrying or pending (each is done, failed, cancelled or paused on
   * its own) and the bookkeeping of finished ones (history, batch.finished) is written. A paused queue with
   * items in line is not idle.
   */
  whenIdle(): Promise<void> {
    return this.core.whenIdle()
  }

  /** Stops work (transfers are aborted and resume on the next open), flushes the journal, releases the folder. */
  async close(): Promise<void> {
    const { core } = this
    if (core.closed) return
    core.closed = true
    core.connectivity.close()
    this.lifetime.abort()
    for (const rt of core.rts.values()) {
      if (rt.retryTimer) clearTimeout(rt.retryTimer)
      if (rt.abort && rt.abortReason === null) {
        rt.abortReason = 'close'
        rt.abort.abort()
      }
    }
    while (core.scheduler.running.size > 0) await new Promise((r) => setTimeout(r, 5))
    await core.drain()
    core.d.progress.close()
    await core.d.store.close()
    await this.unlock()
  }

  private emitSettings(): void {
    const { core } = this
    core.d.events.emit({
      type: 'queue.settings',
      concurrency: core.scheduler.concurrency,
      bandwidthBytesPerSec: core.d.bucket.bytesPerSec,
    })
  }

  private assertOpen(): void {
    if (this.core.closed)
      throw new FiledockError({ kind: 'internal', message: 'The upload queue is closed.' })
  }
}

function checkConcurrency(n: number): number {
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_CONCURRENCY) {
    throw new FiledockError({
      kind: 'invalid_input',
      message: `Concurrency must be a whole number from 1 to ${MAX_CONCURRENCY}.`,
    })
  }
  return n
}

function checkBandwidth(bps: number | null): number | null {
  if (bps === null) return null
  if (!Number.isFinite(bps) || bps < 1024) {
    throw new FiledockError({
      kind: 'invalid_input',
      message: 'The bandwidth limit must be at least 1 KiB/s (or none).',
    })
  }
  return bps
}
