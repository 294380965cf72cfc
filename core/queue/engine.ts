import { mkdir } from 'node:fs/promises'
import { defineMessage, defineMessages } from '@formatjs/intl'
import { translatedError } from '../../shared/i18n/error-text.ts'
import { MAX_CONCURRENCY, MIN_BANDWIDTH } from '../../shared/ipc/limits.ts'
import type { SizeUnits } from '../../shared/ipc/settings.ts'
import type {
  AlreadyThereCount,
  EnqueueResult,
  QueueListener,
  QueueSnapshot,
  TransferDirection,
} from '../../shared/queue.ts'
import type { ApiClient } from '../api/client.ts'
import { DOWNLOAD_OPERATION } from '../api/file-server.ts'
import { UPLOAD_OPERATION } from '../api/multipart-upload.ts'
import { countAlreadyThere } from './already-there.ts'
import { defaultRetry, type RetryOptions } from './backoff.ts'
import { defaultProbe, type ProbeOptions } from './connectivity.ts'
import {
  type ControlDeps,
  cancelItem,
  clearFinished,
  pauseItem,
  resumeItems,
  retryFailed,
} from './controls.ts'
import { type HistorySink, QueueCore } from './core.ts'
import { lockQueueDir } from './dir-lock.ts'
import { type DownloadPlan, downloadBatch, prepareFolder } from './download-plan.ts'
import { type PathsInput, type Plan, planPaths, planUrls, type UrlsInput } from './enqueue.ts'
import { QueueEvents } from './events.ts'
import { apiFolderContents, ExistingFiles, type FolderContents } from './folder-contents.ts'
import { FolderMirror, type MirroredFolder } from './folder-mirror.ts'
import { problemText } from './problem-text.ts'
import { ProgressMeter } from './progress.ts'
import { QueueStore } from './queue-store.ts'
import { ItemRunner } from './runner.ts'
import type { ScanOptions } from './scan.ts'
import { DropScans } from './scan-reuse.ts'
import { UploadSessions } from './sessions.ts'
import { snapshotOf } from './snapshot.ts'
import { TokenBucket } from './throttle.ts'

export type { HistorySink } from './core.ts'

/** What the paused queue says, in the words the queue panel and the CLI show. */
/** Items in one queue.added event; a larger batch is told in several, in order. */
export const ADDED_PER_EVENT = 1_000

const PAUSED = problemText(
  defineMessage({
    id: 'queue.pause.user',
    defaultMessage: 'Transfers already running finish; no new ones start until you resume.',
  }),
)
const STOPPED = problemText(
  defineMessage({
    id: 'queue.pause.stopped',
    defaultMessage:
      'The transfers that were running were interrupted: uploads start again from the beginning when you resume (the host cannot continue a partial upload), downloads continue from the bytes they have.',
  }),
)
export const PAUSED_MESSAGE = PAUSED.message
export const STOPPED_MESSAGE = STOPPED.message
export type { PathsInput, UrlsInput } from './enqueue.ts'

export interface UploadEngineOptions {
  /** Folder for the queue journal (queue.jsonl) and its lock. */
  dataDir: string
  /** The API client of an account (ClientPool.get in the app); asked again for every attempt. */
  clientFor(accountId: string): ApiClient | Promise<ApiClient>
  accountLabel(accountId: string): string
  history: HistorySink
  /** Transfers at once in each direction (N uploads and N downloads); default 3. */
  concurrency?: number
  /** All uploads together; null or absent: no limit. */
  bandwidthBytesPerSec?: number | null
  /** All downloads together; null or absent: no limit. */
  downloadBytesPerSec?: number | null
  retry?: Partial<RetryOptions>
  /** How long a remote URL may take the host to fetch; default 10 min. A function: read at each poll (a setting). */
  remoteTimeoutMs?: number | (() => number)
  /** First and longest gap between polls of a remote URL's folder; default 2 s and 15 s. */
  remotePollMs?: { first?: number; max?: number }
  /** Offline probing; default 1 s doubling to 30 s. */
  probe?: Partial<ProbeOptions>
  /** Gap between progress events; default 100 ms (at most 10 per second). */
  progressIntervalMs?: number
  /** Each folder a dropped tree made on the host (folder-mirror.ts), as soon as the host confirmed it. */
  onFolderCreated?: (folder: MirroredFolder) => void
  scan?: ScanOptions
  /** What is in a folder, to skip files already there; default: listed through the API (file/list). */
  folderContents?: FolderContents
  /**
   * Units of the sizes in the English of a drop's problems (logs, the CLI), the app's setting read when a drop is
   * planned; default decimal. A window writes them in its own units (they travel as numbers, values named …Bytes).
   */
  sizeUnits?: () => SizeUnits
  now?: () => number
}

/**
 * The transfer queue (named for what it did first): uploads of files, dropped folder trees and remote URLs, for
 * one or several accounts, and downloads of the host's files to the local disk, in one journal, one scheduler
 * (a slot count per direction), one retry classification and one speed limit per direction. Durable across
 * crashes (queue-store.ts), never uploading a file twice (upload-item.ts, dedup.ts), never leaving a partial
 * file under a download's name (download-item.ts), retrying what can be retried and pausing itself when the key
 * is rejected or the host is unreachable. Events: one ordered stream (shared/queue.ts).
 */
export class UploadEngine {
  private readonly core: QueueCore
  private readonly store: QueueStore
  private readonly events: QueueEvents
  private readonly buckets: Record<TransferDirection, TokenBucket>
  private readonly progress: ProgressMeter
  private readonly runner: ItemRunner
  private readonly unlock: () => Promise<void>
  private readonly scans: DropScans
  private readonly sizeUnits: (() => SizeUnits) | undefined
  private readonly now: () => number
  private readonly clientFor: (accountId: string) => Promise<ApiClient>
  private readonly mirror: FolderMirror
  private readonly existing: ExistingFiles
  private closing: Promise<void> | null = null

  private constructor(o: UploadEngineOptions, store: QueueStore, unlock: () => Promise<void>) {
    this.store = store
    this.unlock = unlock
    this.scans = new DropScans(o.scan)
    this.sizeUnits = o.sizeUnits
    this.now = o.now ?? Date.now
    this.events = new QueueEvents()
    this.buckets = {
      up: new TokenBucket(checkBandwidth(o.bandwidthBytesPerSec ?? null), UPLOAD_OPERATION),
      down: new TokenBucket(checkBandwidth(o.downloadBytesPerSec ?? null), DOWNLOAD_OPERATION),
    }
    this.progress = new ProgressMeter(
      (items) => this.events.emit({ type: 'queue.progress', items, totals: this.core.totals() }),
      o.progressIntervalMs ?? 100,
    )
    const lifetime = new AbortController()
    const clientFor = async (id: string) => o.clientFor(id)
    this.clientFor = clientFor
    this.mirror = new FolderMirror(lifetime.signal, o.onFolderCreated)
    this.existing = new ExistingFiles(o.folderContents ?? apiFolderContents(clientFor), lifetime.signal)
    this.core = new QueueCore(
      {
        store,
        events: this.events,
        progress: this.progress,
        clientFor,
        accountLabel: o.accountLabel,
        probe: { ...defaultProbe, ...o.probe },
        lifetime,
        now: this.now,
      },
      checkConcurrency(o.concurrency ?? 3),
      (id) => this.runner.run(id),
    )
    this.runner = new ItemRunner({
      core: this.core,
      store,
      mirror: this.mirror,
      existing: this.existing,
      sessions: new UploadSessions(lifetime.signal),
      buckets: this.buckets,
      progress: this.progress,
      history: o.history,
      clientFor,
      accountLabel: o.accountLabel,
      retry: { ...defaultRetry, ...o.retry },
      poll: {
        timeoutMs: o.remoteTimeoutMs ?? 600_000,
        firstPollMs: o.remotePollMs?.first ?? 2_000,
        maxPollMs: o.remotePollMs?.max ?? 15_000,
      },
      now: this.now,
    })
  }

  static async open(o: UploadEngineOptions): Promise<UploadEngine> {
    // Checked before the folder is locked, so a bad option leaves nothing behind.
    checkConcurrency(o.concurrency ?? 3)
    checkBandwidth(o.bandwidthBytesPerSec ?? null)
    checkBandwidth(o.downloadBytesPerSec ?? null)
    await mkdir(o.dataDir, { recursive: true })
    const unlock = await lockQueueDir(o.dataDir)
    try {
      const engine = new UploadEngine(o, await QueueStore.open(o.dataDir), unlock)
      engine.restore()
      return engine
    } catch (err) {
      await unlock()
      throw err
    }
  }

  /** Restores the journal's items; work starts on the next turn, so a listener added right after open sees it. */
  private restore(): void {
    const core = this.core
    const store = this.store
    if (store.userPaused) core.halt('user', PAUSED)
    for (const item of store.items()) {
      core.changed(item, false)
      if (item.state === 'queued') core.push(item)
      if (item.state === 'done' && item.result && !item.historyWritten)
        void core.track(this.runner.recordHistory(item, item.result))
    }
    setImmediate(() => core.startWork())
  }

  onEvent(listener: QueueListener): () => void {
    return this.events.on(listener)
  }

  /** Scans the paths, checks the free space of each account, and queues one item per (file, account). */
  async enqueuePaths(input: PathsInput): Promise<EnqueueResult> {
    return this.add(await planPaths(input, this.planDeps()))
  }

  /**
   * How many of the files of `input` are already in the folders they would go to; asked before a drop is
   * queued, so the app can offer to skip them (the default) or send them again.
   */
  async countAlreadyThere(input: Pick<PathsInput, 'paths' | 'targets'>): Promise<AlreadyThereCount> {
    this.assertOpen()
    return countAlreadyThere(input, {
      clientFor: this.clientFor,
      mirror: this.mirror,
      existing: this.existing,
      scan: (paths) => this.scans.forQuestion(paths),
    })
  }

  /** Queues one remote upload per (URL, account). */
  async enqueueUrls(input: UrlsInput): Promise<EnqueueResult> {
    return this.add(await planUrls(input, this.planDeps()))
  }

  /**
   * Queues the files a download plan (download-plan.ts) found to fetch, as one batch (one journal line, however
   * many files): those already here are not queued. The target folder is created first, so a folder that cannot
   * be is reported now, not by every item.
   */
  async enqueueDownloads(plan: DownloadPlan): Promise<EnqueueResult> {
    this.assertOpen()
    await prepareFolder(plan.dir)
    return this.add(downloadBatch(plan, { takeSeq: () => this.store.takeSeq(), now: this.now() }))
  }

  private planDeps() {
    return {
      clientFor: async (id: string) => this.clientFor(id),
      queuedBytes: (accountId: string) => {
        let n = 0
        for (const i of this.store.items()) {
          if (i.accountId === accountId && (i.state === 'queued' || i.state === 'paused')) n += i.size ?? 0
        }
        return n
      },
      takeSeq: () => this.store.takeSeq(),
      now: this.now,
      ...(this.sizeUnits ? { sizeUnits: this.sizeUnits } : {}),
      scan: (paths: readonly string[]) => this.scans.forEnqueue(paths),
    }
  }

  private async add(plan: Plan): Promise<EnqueueResult> {
    this.assertOpen()
    const core = this.core
    if (!plan.batch || plan.items.length === 0) return { batchId: null, accepted: 0, problems: plan.problems }
    // Counted before the await: the batch is in the store from this moment, and must never look finished.
    const durable = this.store.addBatch(plan.batch, plan.items)
    for (const item of plan.items) core.changed(item, false)
    await durable
    // In events of ADDED_PER_EVENT items: one event for a 100,000-file download was a 50 MB frame to each window,
    // encoded, copied and held whole by the host, and parsed in one long task by the page. Each part's items are
    // put in line right after their event (so a window hears of an item before any change of it), and the next
    // part waits a turn: the first transfers start after one part is told, not after all 100 (telling them all
    // took over a second before the first direct link was asked for, bench app-download).
    const batchId = plan.batch.id
    for (let from = 0; from < plan.items.length; from += ADDED_PER_EVENT) {
      if (from > 0) await new Promise((turn) => setImmediate(turn))
      // One cleared meanwhile (cancelled with its batch, then Clear finished) is not brought back to the window.
      const part = plan.items.slice(from, from + ADDED_PER_EVENT).filter((i) => this.store.item(i.id))
      if (part.length === 0) continue
      this.events.emit({ type: 'queue.added', batchId, items: part.map((i) => core.view(i)) })
      for (const item of part) core.push(item)
    }
    return { batchId, accepted: plan.items.length, problems: plan.problems }
  }

  /**
   * With an id: that item (a running upload is stopped, and starts again from the beginning when resumed: the API
   * cannot continue a partial upload; a running download keeps its bytes and continues from them with Range).
   * Without one: the whole queue. By default transfers already running finish and no new one starts; `stopNow`
   * stops them too (they go back in line). Pausing again with `stopNow` stops what the first pause let run.
   */
  async pause(itemId?: string, o: { stopNow?: boolean } = {}): Promise<void> {
    this.assertOpen()
    if (itemId !== undefined) return pauseItem(this.controls(), itemId)
    // Halted first, so nothing starts while the pause is being written down.
    if (o.stopNow === true) this.core.halt('user', STOPPED, undefined, { stopRunning: true })
    else this.core.halt('user', PAUSED, undefined, { stopRunning: false })
    await this.store.setUserPaused(true)
  }

  /** Without an id: lifts any queue pause and resumes every paused item. With one: that item. */
  async resume(itemId?: string): Promise<void> {
    this.assertOpen()
    await resumeItems(this.controls(), itemId)
    if (itemId !== undefined) return
    if (this.store.userPaused) await this.store.setUserPaused(false)
    this.core.unhalt(['user', 'auth', 'offline'])
  }

  /**
   * A running transfer is aborted. An upload: what it may have stored stays on the host (the API cannot delete). A
   * download: its work file is removed (the bytes of a file nobody wants any more do not stay hidden on disk).
   */
  async cancel(itemId: string): Promise<void> {
    this.assertOpen()
    await cancelItem(this.controls(), itemId)
  }

  /** Puts failed items (all, or the given ones) back in line with a fresh count of attempts. */
  async retryFailed(itemIds?: readonly string[]): Promise<number> {
    this.assertOpen()
    return retryFailed(this.controls(), itemIds)
  }

  /**
   * Removes done and cancelled items of finished batches (failed ones stay, to be retried or looked at; items
   * of a batch still running stay until it finishes, so its batch.finished lists every upload).
   */
  async clearFinished(): Promise<number> {
    this.assertOpen()
    return clearFinished(this.controls())
  }

  setConcurrency(n: number): void {
    this.core.setConcurrency(checkConcurrency(n))
    this.emitSettings()
  }

  /** The speed limit of one direction (uploads by default); null lifts it. Transfers running now follow at once. */
  setBandwidthLimit(bytesPerSec: number | null, direction: TransferDirection = 'up'): void {
    this.buckets[direction].setRate(checkBandwidth(bytesPerSec))
    this.emitSettings()
  }

  /**
   * Where a download went: a done download's file (under the name it got), or a batch of downloads' folder; null
   * for anything else (an upload, a download not done, an unknown id).
   */
  downloadedPath(ref: { itemId?: string | undefined; batchId?: string | undefined }): string | null {
    if (ref.itemId !== undefined) {
      const item = this.store.item(ref.itemId)
      return item?.kind === 'download' && item.state === 'done' ? (item.download?.finalPath ?? null) : null
    }
    if (ref.batchId !== undefined) return this.store.batch(ref.batchId)?.dir ?? null
    return null
  }

  snapshot(): QueueSnapshot {
    return snapshotOf(this.core, this.store, {
      up: this.buckets.up.bytesPerSec,
      down: this.buckets.down.bytesPerSec,
    })
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
  close(): Promise<void> {
    // A second close (the app's window and its shutdown both ask) waits for the first instead of returning early.
    this.closing ??= (async () => {
      await this.core.close()
      this.progress.close()
      await this.store.close()
      await this.unlock()
    })()
    return this.closing
  }

  private controls(): ControlDeps {
    return { core: this.core, store: this.store, events: this.events, now: this.now }
  }

  private emitSettings(): void {
    this.events.emit({
      type: 'queue.settings',
      concurrency: this.core.concurrency,
      bandwidthBytesPerSec: this.buckets.up.bytesPerSec,
      downloadBytesPerSec: this.buckets.down.bytesPerSec,
    })
  }

  private assertOpen(): void {
    if (this.core.isClosed) throw translatedError({ kind: 'internal' }, ENGINE.closed)
  }
}

function checkConcurrency(n: number): number {
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_CONCURRENCY) {
    throw translatedError({ kind: 'invalid_input' }, ENGINE.concurrency, { max: MAX_CONCURRENCY })
  }
  return n
}

function checkBandwidth(bps: number | null): number | null {
  if (bps === null) return null
  if (!Number.isFinite(bps) || bps < MIN_BANDWIDTH) {
    // In bytes: the same words whichever size units the person chose.
    throw translatedError({ kind: 'invalid_input' }, ENGINE.bandwidth, { min: MIN_BANDWIDTH })
  }
  return bps
}

const ENGINE = defineMessages({
  closed: { id: 'errors.queue.closed', defaultMessage: 'The upload queue is closed.' },
  concurrency: {
    id: 'errors.queue.concurrency',
    defaultMessage: 'Concurrency must be a whole number from 1 to {max, number}.',
  },
  bandwidth: {
    id: 'errors.queue.bandwidth',
    defaultMessage: 'The speed limit must be at least {min, number} bytes a second (or none).',
  },
})
