import { create } from 'zustand'
import type {
  AccountHold,
  QueueEvent,
  QueueItemView,
  QueuePause,
  QueueSnapshot,
  QueueTotals,
} from '../../../shared/queue.ts'
import { emptyTotals } from '../../../shared/queue-totals.ts'

/** Speed and time left of a running item, from the last coalesced progress event. */
export interface ItemRate {
  bytesPerSec: number
  etaSec: number | null
}

/**
 * The queue as the renderer knows it: the snapshot loaded at start (and after a reconnect), kept current by the
 * queue's events (fed only by app/events.ts). Events are held and applied as one batch per animation frame (see
 * `schedule`), with one store update per batch however many arrived. Items live in a mutable Map with their order
 * in an array, so a drop of 10,000 files changes one entry per event instead of copying 10,000; an item's view is
 * replaced only when something in it changed. Components select what they show (the selectors below): a row its
 * item and speed, the list `listVersion` (membership and order), the bar the totals, so a batch re-renders only
 * what it changed, never the list of 100,000 for a progress tick.
 */
interface QueueState {
  loaded: boolean
  /** Batches applied: moves with every store update. */
  version: number
  /** Moves when items join or leave the queue (the list's rows), not when an item changes. */
  listVersion: number
  items: Map<string, QueueItemView>
  order: string[]
  rates: Map<string, ItemRate>
  /** Items per account, kept as items come and go: the list names accounts only when there are several. */
  accounts: Map<string, number>
  totals: QueueTotals
  paused: QueuePause | null
  /** Accounts whose uploads wait for a time their host set (a lock-out). */
  held: AccountHold[]
  concurrency: number
  /** The speed limits of uploads and of downloads (bytes a second), null: none. */
  bandwidthBytesPerSec: number | null
  downloadBytesPerSec: number | null
}

/**
 * A batch waits for the next animation frame, or this long when no frame comes (a hidden window draws none, and
 * its events must not pile up until it is shown again).
 */
const LATEST_MS = 250
const ACTIVE = new Set(['queued', 'running', 'retrying', 'pending'])

export const useQueue = create<QueueState>()(() => ({
  loaded: false,
  version: 0,
  listVersion: 0,
  items: new Map(),
  order: [],
  rates: new Map(),
  accounts: new Map(),
  totals: emptyTotals(),
  paused: null,
  held: [],
  concurrency: 3,
  bandwidthBytesPerSec: null,
  downloadBytesPerSec: null,
}))

/** What a component shows of the queue; each changes only when that part did (see applyBatch). */
export const selectItem = (id: string) => (s: QueueState) => s.items.get(id)
export const selectRate = (id: string) => (s: QueueState) => s.rates.get(id)
export const selectListVersion = (s: QueueState) => s.listVersion
export const selectManyAccounts = (s: QueueState) => s.accounts.size > 1

let pending: QueueEvent[] = []
let frame: number | null = null
let timer: ReturnType<typeof setTimeout> | null = null

function schedule(): void {
  if (timer !== null) return
  timer = setTimeout(flush, LATEST_MS)
  if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(flush)
}

function flush(): void {
  if (timer !== null) clearTimeout(timer)
  if (frame !== null) cancelAnimationFrame(frame)
  timer = null
  frame = null
  const batch = pending
  pending = []
  applyBatch(batch)
}

export function applySnapshot(snapshot: QueueSnapshot): void {
  // Events held before it are older than the snapshot: applied first, so the snapshot has the last word.
  if (pending.length > 0) flush()
  const items = new Map(snapshot.items.map((i) => [i.id, i]))
  const accounts = new Map<string, number>()
  for (const i of snapshot.items) accounts.set(i.accountId, (accounts.get(i.accountId) ?? 0) + 1)
  const s = useQueue.getState()
  useQueue.setState({
    loaded: true,
    version: s.version + 1,
    listVersion: s.listVersion + 1,
    totals: snapshot.totals,
    items,
    order: snapshot.items.map((i) => i.id),
    rates: new Map(),
    accounts,
    paused: snapshot.paused,
    held: snapshot.held,
    concurrency: snapshot.concurrency,
    bandwidthBytesPerSec: snapshot.bandwidthBytesPerSec,
    downloadBytesPerSec: snapshot.downloadBytesPerSec,
  })
}

/** Held until the next frame; every event is idempotent (items are whole views), so replaying one is harmless. */
export function applyQueueEvent(event: QueueEvent): void {
  pending.push(event)
  schedule()
}

/** The events of one frame, in order, then one store update. */
function applyBatch(events: readonly QueueEvent[]): void {
  const s = useQueue.getState()
  const next: Partial<QueueState> = {}
  let order = s.order
  let listChanged = false
  const put = (item: QueueItemView) => {
    if (!s.items.has(item.id)) {
      order.push(item.id)
      s.accounts.set(item.accountId, (s.accounts.get(item.accountId) ?? 0) + 1)
      listChanged = true
    }
    s.items.set(item.id, item)
  }
  for (const event of events) {
    switch (event.type) {
      case 'queue.added':
        for (const item of event.items) put(item)
        break
      case 'queue.item':
        put(event.item)
        if (event.item.state !== 'running') s.rates.delete(event.item.id)
        break
      case 'queue.removed': {
        const gone = new Set(event.ids)
        for (const id of gone) {
          const item = s.items.get(id)
          if (!item) continue
          const left = (s.accounts.get(item.accountId) ?? 1) - 1
          if (left > 0) s.accounts.set(item.accountId, left)
          else s.accounts.delete(item.accountId)
          s.items.delete(id)
          s.rates.delete(id)
        }
        // A new array (arrays only grow in place): a holder of the old one sees the change.
        order = order.filter((id) => s.items.has(id))
        next.order = order
        listChanged = true
        break
      }
      case 'queue.progress':
        // Main counts (QueueCore's tally) and sends the totals at least every time anything changed.
        next.totals = event.totals
        for (const p of event.items) {
          const item = s.items.get(p.id)
          if (item && item.bytesDone !== p.bytesDone) s.items.set(p.id, { ...item, bytesDone: p.bytesDone })
          const rate = s.rates.get(p.id)
          if (rate?.bytesPerSec !== p.bytesPerSec || rate.etaSec !== p.etaSec)
            s.rates.set(p.id, { bytesPerSec: p.bytesPerSec, etaSec: p.etaSec })
        }
        break
      case 'queue.paused':
        next.paused = event.pause
        break
      case 'queue.resumed':
        if ((next.paused === undefined ? s.paused : next.paused)?.reason === event.reason) next.paused = null
        break
      case 'queue.accountHeld': {
        const held = next.held ?? s.held
        next.held = [...held.filter((h) => h.accountId !== event.hold.accountId), event.hold]
        break
      }
      case 'queue.accountReleased':
        next.held = (next.held ?? s.held).filter((h) => h.accountId !== event.accountId)
        break
      case 'queue.settings':
        next.concurrency = event.concurrency
        next.bandwidthBytesPerSec = event.bandwidthBytesPerSec
        next.downloadBytesPerSec = event.downloadBytesPerSec
        break
      case 'batch.finished':
        break
    }
  }
  useQueue.setState({
    ...next,
    version: s.version + 1,
    ...(listChanged ? { listVersion: s.listVersion + 1 } : {}),
  })
}

export function isActive(item: QueueItemView): boolean {
  return ACTIVE.has(item.state)
}
