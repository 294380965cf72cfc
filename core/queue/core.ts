import type { HistoryEntry } from '../../shared/history.ts'
import type { LinkFormat } from '../../shared/links.ts'
import type { QueueItemState, QueuePauseReason } from '../../shared/queue.ts'
import { finalStates } from '../../shared/queue.ts'
import type { ApiClient } from '../api/client.ts'
import type { RetryOptions } from './backoff.ts'
import { batchFinishedEvent } from './batches.ts'
import type { Connectivity } from './connectivity.ts'
import type { QueueEvents } from './events.ts'
import type { FolderMirror } from './folder-mirror.ts'
import { NameLocks, nameKey } from './name-lock.ts'
import { PauseState } from './pause-state.ts'
import type { ProgressMeter } from './progress.ts'
import type { QueueStore } from './queue-store.ts'
import type { ItemRecord } from './records.ts'
import type { PollOptions } from './remote-item.ts'
import { Scheduler } from './scheduler.ts'
import type { UploadSessions } from './sessions.ts'
import type { TokenBucket } from './throttle.ts'
import { itemView, newRuntime, type Runtime, viewState } from './views.ts'

/** Where finished uploads are recorded: HistoryStore (core/history) in the app. */
export interface HistorySink {
  append(entry: HistoryEntry): Promise<void>
}

export interface CoreDeps {
  store: QueueStore
  events: QueueEvents
  mirror: FolderMirror
  sessions: UploadSessions
  bucket: TokenBucket
  progress: ProgressMeter
  history: HistorySink
  clientFor(accountId: string): Promise<ApiClient>
  accountLabel(accountId: string): string
  retry: RetryOptions
  poll: PollOptions
  linkFormat: LinkFormat
  now(): number
}

const isFinal = (s: QueueItemState | null) => s !== null && finalStates.includes(s)
const isActive = (s: QueueItemState | null) =>
  s === 'queued' || s === 'running' || s === 'retrying' || s === 'pending'

/**
 * The engine's shared state and the bookkeeping every state change goes through (`changed`): per-state
 * counters for whenIdle, per-batch open counts for batch.finished, the queue.item event. The item lifecycle
 * (runner.ts) and the public API (engine.ts) both act through it.
 */
export class QueueCore {
  readonly rts = new Map<string, Runtime>()
  readonly locks = new NameLocks()
  readonly pause = new PauseState()
  readonly scheduler: Scheduler
  /** Per account: no request before this time (a host's Retry-After). */
  readonly notBefore = new Map<string, number>()
  /** Codes of items cleared from the queue this session: still not a lost attempt's file. */
  readonly clearedCodes = new Set<string>()
  connectivity!: Connectivity
  closed = false
  started = false
  private readonly parked = new Map<string, Set<string>>()
  private readonly batchOpen = new Map<string, number>()
  private active = 0
  private readonly background = new Set<Promise<unknown>>()
  private idleWaiters: (() => void)[] = []

  constructor(
    readonly d: CoreDeps,
    concurrency: number,
    run: (id: string) => Promise<void>,
  ) {
    this.scheduler = new Scheduler(concurrency, {
      admit: (id) => this.admit(id),
      run,
      halted: () => this.closed || !this.started || this.pause.current !== null,
    })
  }

  rt(id: string): Runtime {
    let rt = this.rts.get(id)
    if (!rt) {
      rt = newRuntime()
      this.rts.set(id, rt)
    }
    return rt
  }

  /** Puts an item in line; unresolved sends first, so a lost attempt is settled before anything else runs. */
  push(item: ItemRecord): void {
    if (this.closed) return
    this.scheduler.push(item.id, item.sending ? item.seq - 1e15 : item.seq)
  }

  /** Every visible change of an item comes here. */
  changed(item: ItemRecord, emit = true): void {
    const rt = this.rt(item.id)
    const prev = rt.shown
    const next = viewState(item, rt)
    if (prev !== next) {
      rt.shown = next
      this.active += (isActive(next) ? 1 : 0) - (isActive(prev) ? 1 : 0)
      const open =
        (this.batchOpen.get(item.batchId) ?? 0) +
        (isFinal(next) ? 0 : 1) -
        (prev === null || isFinal(prev) ? 0 : 1)
      this.batchOpen.set(item.batchId, open)
      if (isFinal(next) && open === 0 && this.started) this.track(this.finishBatch(item.batchId))
    }
    if (emit) this.d.events.emit({ type: 'queue.item', item: this.view(item) })
    this.checkIdle()
  }

  forgetItem(item: ItemRecord): void {
    const rt = this.rts.get(item.id)
    if (rt && isActive(rt.shown)) this.active--
    this.rts.delete(item.id)
    if (item.fileCode) this.clearedCodes.add(item.fileCode)
  }

  view(item: ItemRecord) {
    return itemView(item, this.rt(item.id), this.d.progress, (i) => i.result?.pageLink ?? null)
  }

  /** Is `code` the known result of an item other than `self`? */
  claimed(code: string, self: string): boolean {
    if (this.clearedCodes.has(code)) return true
    for (const i of this.d.store.items.values()) if (i.fileCode === code && i.id !== self) return true
    return false
  }

  releaseName(item: ItemRecord): void {
    const rt = this.rt(item.id)
    if (!rt.holdsName) return
    rt.holdsName = false
    const key = nameKey(item.accountId, item.name)
    this.locks.release(key, item.kind === 'url' ? null : item.size)
    const waiting = this.parked.get(key)
    if (!waiting) return
    this.parked.delete(key)
    for (const id of waiting) {
      const other = this.d.store.items.get(id)
      if (other?.state === 'queued') this.push(other)
    }
  }

  /** Pauses the whole queue (auth, offline, user); running work goes back in line. */
  halt(reason: QueuePauseReason, message: string, accountId?: string): void {
    const entered = this.pause.enter(reason, message, this.d.now(), accountId)
    if (!entered) return
    this.d.events.emit({ type: 'queue.paused', pause: entered })
    for (const rt of this.rts.values()) {
      if ((rt.run === 'running' || rt.run === 'pending') && rt.abort && rt.abortReason === null) {
        rt.abortReason = 'halt'
        rt.abort.abort()
      }
    }
  }

  unhalt(reasons: readonly QueuePauseReason[]): void {
    const left = this.pause.leave(reasons)
    if (left === null) return
    this.d.events.emit({ type: 'queue.resumed', reason: left })
    this.scheduler.pump()
  }

  /** Work that must finish before whenIdle resolves or close completes (history writes, batch events). */
  track<T>(p: Promise<T>): Promise<T> {
    this.background.add(p)
    const done = () => {
      this.background.delete(p)
      this.checkIdle()
    }
    p.then(done, (err: unknown) => {
      console.error('filedock: upload queue bookkeeping failed:', err)
      done()
    })
    return p
  }

  whenIdle(): Promise<void> {
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve)
      this.checkIdle()
    })
  }

  async drain(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background])
  }

  private checkIdle(): void {
    if (this.active !== 0 || this.background.size > 0 || this.idleWaiters.length === 0) return
    const waiters = this.idleWaiters
    this.idleWaiters = []
    for (const w of waiters) w()
  }

  private admit(id: string): boolean {
    const item = this.d.store.items.get(id)
    const rt = this.rts.get(id)
    if (!item || !rt || item.state !== 'queued' || rt.run !== 'idle') return false
    if (item.kind === 'folder' || rt.holdsName) return true
    const key = nameKey(item.accountId, item.name)
    if (!this.locks.tryAcquire(key, item.kind === 'url' ? null : item.size)) {
      let set = this.parked.get(key)
      if (!set) {
        set = new Set()
        this.parked.set(key, set)
      }
      set.add(id)
      return false
    }
    rt.holdsName = true
    return true
  }

  /** After a restart: batches that finished while nobody was listening (a crash before the event). */
  finishRestoredBatches(): void {
    for (const batch of this.d.store.batches.values()) {
      if (!batch.finishedEmitted && (this.batchOpen.get(batch.id) ?? 0) === 0)
        this.track(this.finishBatch(batch.id))
    }
  }

  private async finishBatch(batchId: string): Promise<void> {
    const batch = this.d.store.batches.get(batchId)
    if (!batch || batch.finishedEmitted || (this.batchOpen.get(batchId) ?? 0) > 0) return
    const items = [...this.d.store.items.values()].filter((i) => i.batchId === batchId)
    if (items.length === 0 || items.some((i) => !isFinal(viewState(i, this.rt(i.id))))) return
    await this.d.store.patchBatch(batch, { finishedEmitted: true })
    this.d.events.emit(batchFinishedEvent(batch, items, this.d.linkFormat))
  }
}
