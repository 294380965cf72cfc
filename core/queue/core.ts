import { defineMessages } from '@formatjs/intl'
import type { HistoryEntry } from '../../shared/history.ts'
import {
  type AccountHold,
  directionOf,
  finalStates,
  type QueueItemState,
  type QueueItemView,
  type QueuePause,
  type QueuePauseReason,
  type QueueTotals,
  type TransferDirection,
  transferDirections,
} from '../../shared/queue.ts'
import type { ApiClient } from '../api/client.ts'
import { createLogger } from '../logging/log.ts'
import { AccountHolds } from './account-holds.ts'
import { delay } from './backoff.ts'
import { batchFinishedEvent } from './batches.ts'
import { Connectivity, type ProbeOptions } from './connectivity.ts'
import type { QueueEvents } from './events.ts'
import { ItemRun, type StopReason } from './item-run.ts'
import { NameLocks, nameKey } from './name-lock.ts'
import { PauseState } from './pause-state.ts'
import { type ProblemText, problemText } from './problem-text.ts'
import type { ProgressMeter } from './progress.ts'
import type { QueueStore } from './queue-store.ts'
import type { ItemRecord } from './records.ts'
import { Scheduler } from './scheduler.ts'
import { QueueTally } from './tally.ts'
import { itemView, viewState } from './views.ts'

const log = createLogger('filedock')

/** Where finished uploads are recorded: HistoryStore (core/history) in the app. */
export interface HistorySink {
  append(entry: HistoryEntry): Promise<void>
}

export interface CoreDeps {
  store: QueueStore
  events: QueueEvents
  progress: ProgressMeter
  clientFor(accountId: string): Promise<ApiClient>
  accountLabel(accountId: string): string
  probe: ProbeOptions
  /** Aborted when the engine closes: shared work (folder listings, upload sessions) listens to it. */
  lifetime: AbortController
  now(): number
}

const isFinal = (s: QueueItemState | null) => s !== null && finalStates.includes(s)
const isActive = (s: QueueItemState | null) =>
  s === 'queued' || s === 'running' || s === 'retrying' || s === 'pending'

/**
 * The engine's state and the bookkeeping every state change goes through (`changed`): per-state counters for
 * whenIdle, per-batch open counts for batch.finished, the queue.item event, the queue-wide pause, name locks and
 * the schedulers (one per direction, each with the one concurrency: N uploads and N downloads run at once, so a
 * long download never keeps an upload waiting, nor the other way round). Everything is private; the item lifecycle (runner.ts), the user's controls (controls.ts) and the
 * public API (engine.ts) act through its methods.
 */
export class QueueCore {
  private readonly d: CoreDeps
  private readonly runs = new Map<string, ItemRun>()
  private readonly locks = new NameLocks()
  private readonly pause = new PauseState()
  private readonly schedulers: Record<TransferDirection, Scheduler>
  private readonly connectivity: Connectivity
  /** Per account: no request before a time its host set (a Retry-After, a lock-out). */
  private readonly holds: AccountHolds
  /** Codes of items cleared from the queue this session: still not a lost attempt's file. */
  private readonly clearedCodes = new Set<string>()
  private readonly parked = new Map<string, Set<string>>()
  private readonly batchOpen = new Map<string, number>()
  private readonly background = new Set<Promise<unknown>>()
  private readonly tally = new QueueTally()
  private idleWaiters: (() => void)[] = []
  private active = 0
  private started = false
  private closed = false

  constructor(d: CoreDeps, concurrency: number, run: (id: string) => Promise<void>) {
    this.d = d
    const hooks = {
      admit: (id: string) => this.admit(id),
      run,
      halted: () => this.closed || !this.started || this.pause.current !== null,
    }
    this.schedulers = { up: new Scheduler(concurrency, hooks), down: new Scheduler(concurrency, hooks) }
    this.holds = new AccountHolds({
      now: d.now,
      release: (ids) => {
        for (const itemId of ids) {
          const item = this.d.store.item(itemId)
          if (item?.state === 'queued') this.push(item)
        }
      },
      told: (accountId, hold) =>
        this.d.events.emit(
          hold === null ? { type: 'queue.accountReleased', accountId } : { type: 'queue.accountHeld', hold },
        ),
    })
    this.connectivity = new Connectivity(
      d.clientFor,
      d.probe,
      (accountId) => this.haltOffline(accountId),
      () => this.unhalt(['offline']),
    )
  }

  get isClosed(): boolean {
    return this.closed
  }

  /** Why the whole queue is paused, if it is. */
  get pausedBy(): QueuePause | null {
    return this.pause.current
  }

  /** Transfers at once in each direction. */
  get concurrency(): number {
    return this.schedulers.up.concurrency
  }

  setConcurrency(n: number): void {
    for (const d of transferDirections) this.schedulers[d].setConcurrency(n)
  }

  /** The engine's knowledge of one item beyond its record. */
  runOf(id: string): ItemRun {
    let run = this.runs.get(id)
    if (!run) {
      run = new ItemRun()
      this.runs.set(id, run)
    }
    return run
  }

  /** Work may start (after a restart: once listeners added right after open are in place). */
  startWork(): void {
    this.started = true
    this.finishRestoredBatches()
    this.pump()
  }

  /** Puts an item in line; unresolved sends first, so a lost attempt is settled before anything else runs. */
  push(item: ItemRecord): void {
    if (this.closed) return
    this.schedulers[directionOf(item.kind)].push(item.id, item.sending ? item.seq - 1e15 : item.seq)
  }

  /** Every visible change of an item comes here. */
  changed(item: ItemRecord, emit = true): void {
    const run = this.runOf(item.id)
    const next = viewState(item, run)
    if (run.shown !== next) {
      const prev = run.report(next)
      this.tally.move(item, prev, next)
      this.d.progress.touch()
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

  /** The item left the queue (cleared): its code stays known, so no lost-attempt check takes it. */
  forgetItem(item: ItemRecord): void {
    const run = this.runs.get(item.id)
    if (run && isActive(run.shown)) this.active--
    if (run?.shown) {
      this.tally.drop(item, run.shown)
      this.d.progress.touch()
    }
    this.runs.delete(item.id)
    if (item.fileCode) this.clearedCodes.add(item.fileCode)
  }

  view(item: ItemRecord): QueueItemView {
    return itemView(item, this.runOf(item.id), this.d.progress, (i) => i.result?.pageLink ?? null)
  }

  /** Counts and bytes of the whole queue, computed here once for the progress event and the snapshot. */
  totals(): QueueTotals {
    const { progress } = this.d
    return this.tally.read(
      (id) => progress.sentOf(id),
      (direction) => progress.bytesPerSec(direction),
    )
  }

  /**
   * The host says a download's file has `size` bytes (direct_link's, which wins over the planned size): the item
   * leaves the counts under its old size and comes back under the new one, so the totals never drift.
   */
  async resize(item: ItemRecord, size: number): Promise<void> {
    const shown = this.runOf(item.id).shown
    if (shown !== null) this.tally.drop(item, shown)
    const durable = this.d.store.patch(item, { size }, false)
    if (shown !== null) this.tally.move(item, null, shown)
    this.d.progress.touch()
    await durable
  }

  /** Is `code` the known result of an item other than `self`? */
  claimed(code: string, self: string): boolean {
    if (this.clearedCodes.has(code)) return true
    for (const i of this.d.store.items()) if (i.fileCode === code && i.id !== self) return true
    return false
  }

  releaseName(item: ItemRecord): void {
    if (!this.runOf(item.id).dropName()) return
    const key = nameKey(item.accountId, item.name)
    this.locks.release(key, item.kind === 'url' ? null : item.size)
    const waiting = this.parked.get(key)
    if (!waiting) return
    this.parked.delete(key)
    for (const id of waiting) {
      const other = this.d.store.item(id)
      if (other?.state === 'queued') this.push(other)
    }
  }

  /** Aborts an item's running attempt for `reason`; false when it has none (it is waiting or idle). */
  stopRun(id: string, reason: StopReason): boolean {
    return this.runOf(id).stop(reason)
  }

  /**
   * Pauses the whole queue (auth, offline, user): nothing new starts. Running work is stopped and goes back in
   * line (it would fail anyway with a refused key or a host that is gone), unless `stopRunning` is false (the
   * user's default pause: what runs may finish).
   */
  halt(
    reason: QueuePauseReason,
    words: ProblemText,
    accountId?: string,
    o: { stopRunning: boolean } = { stopRunning: true },
  ): void {
    const entered = this.pause.enter(reason, words, this.d.now(), accountId)
    if (entered) this.d.events.emit({ type: 'queue.paused', pause: entered })
    if (o.stopRunning && this.pause.current !== null) for (const run of this.runs.values()) run.stop('halt')
  }

  /** The host of `accountId` cannot be reached: pause until it answers again (Connectivity resumes). */
  haltOffline(accountId: string): void {
    this.halt('offline', problemText(PAUSES.offline, { label: this.d.accountLabel(accountId) }), accountId)
  }

  unhalt(reasons: readonly QueuePauseReason[]): void {
    const left = this.pause.leave(reasons)
    if (left === null) return
    this.d.events.emit({ type: 'queue.resumed', reason: left })
    this.pump()
  }

  /** One probe tells a flaky request from a host that is gone (connectivity.ts); true pauses the queue. */
  isOffline(accountId: string): Promise<boolean> {
    return this.connectivity.isOffline(accountId)
  }

  /**
   * The host asked (Retry-After, a lock-out) for no request of this account before `until`: its items wait
   * without a worker until then (account-holds.ts); `message` tells the user why, when the wait is long.
   */
  holdAccount(accountId: string, until: number, words: ProblemText): void {
    this.holds.hold(accountId, until, words)
  }

  /** Accounts whose uploads wait for a time their host set, as the user is told of them. */
  heldAccounts(): AccountHold[] {
    return this.holds.shown()
  }

  /**
   * Waits out the account's hold, if one began after this item took its worker (items that come up while it is
   * in force are parked instead); rejects when `signal` aborts.
   */
  async awaitAccount(accountId: string, signal: AbortSignal): Promise<void> {
    const until = this.holds.until(accountId)
    if (until === undefined) return
    await delay(until - this.d.now(), signal)
    signal.throwIfAborted()
  }

  /** Work that must finish before whenIdle resolves or close completes (history writes, batch events). */
  track<T>(p: Promise<T>): Promise<T> {
    this.background.add(p)
    const done = () => {
      this.background.delete(p)
      this.checkIdle()
    }
    p.then(done, (err: unknown) => {
      log.error('upload queue bookkeeping failed', err)
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

  /**
   * Stops all work: nothing new starts, running transfers are aborted (they resume on the next open), backoffs
   * are dropped; resolves once every run has ended and the bookkeeping it started is written.
   */
  async close(): Promise<void> {
    if (this.closed) return
    // Marked before anything is aborted, so the runs that end now know it is the close, not a failure.
    this.closed = true
    for (const run of this.runs.values()) {
      run.cancelRetry()
      run.stop('close')
    }
    this.connectivity.close()
    this.holds.close()
    this.d.lifetime.abort()
    await Promise.all(transferDirections.map((d) => this.schedulers[d].whenQuiet()))
    while (this.background.size > 0) await Promise.allSettled([...this.background])
  }

  private pump(): void {
    for (const d of transferDirections) this.schedulers[d].pump()
  }

  private checkIdle(): void {
    if (this.active !== 0 || this.background.size > 0 || this.idleWaiters.length === 0) return
    const waiters = this.idleWaiters
    this.idleWaiters = []
    for (const w of waiters) w()
  }

  private admit(id: string): boolean {
    const item = this.d.store.item(id)
    const run = this.runs.get(id)
    if (!item || !run || item.state !== 'queued' || !run.isIdle) return false
    // A held account's items take no worker: they come back when the hold ends.
    if (this.holds.park(item.accountId, id)) return false
    // Name locks keep uploads of one name apart on the host; a download's work file has a lock of its own.
    if (item.kind === 'folder' || item.kind === 'download' || run.holdsName) return true
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
    run.takeName()
    return true
  }

  /** After a restart: batches that finished while nobody was listening (a crash before the event). */
  private finishRestoredBatches(): void {
    for (const batch of this.d.store.batches()) {
      if (!batch.finishedEmitted && (this.batchOpen.get(batch.id) ?? 0) === 0)
        this.track(this.finishBatch(batch.id))
    }
  }

  private async finishBatch(batchId: string): Promise<void> {
    const { store, events } = this.d
    const batch = store.batch(batchId)
    if (!batch || batch.finishedEmitted || (this.batchOpen.get(batchId) ?? 0) > 0) return
    const items = store.itemsOf(batchId)
    if (items.length === 0 || items.some((i) => !isFinal(viewState(i, this.runOf(i.id))))) return
    await store.patchBatch(batch, { finishedEmitted: true })
    events.emit(batchFinishedEvent(batch, items))
  }
}

const PAUSES = defineMessages({
  offline: {
    id: 'queue.pause.offline',
    defaultMessage:
      'Cannot reach the host of {label}. The queue is paused and resumes by itself when the host answers again.',
  },
})
