import { create } from 'zustand'
import {
  type AccountHold,
  emptyTotals,
  type QueueEvent,
  type QueueItemView,
  type QueuePause,
  type QueueSnapshot,
  type QueueTotals,
} from '../../../shared/queue.ts'

/** Speed and time left of a running item, from the last coalesced progress event. */
export interface ItemRate {
  bytesPerSec: number
  etaSec: number | null
}

/**
 * The upload queue as the renderer knows it: the snapshot loaded at start (and after a reconnect), kept current
 * by the queue's events (fed only by app/events.ts). Items live in a mutable Map with their order in an array:
 * a drop of 10,000 files then changes one entry per event instead of copying 10,000. Components subscribe to
 * `version`, which moves at most every NOTIFY_MS however many events arrived, so hundreds of item events a
 * second cost a few renders.
 */
interface QueueState {
  loaded: boolean
  version: number
  items: Map<string, QueueItemView>
  order: string[]
  rates: Map<string, ItemRate>
  totals: QueueTotals
  paused: QueuePause | null
  /** Accounts whose uploads wait for a time their host set (a lock-out). */
  held: AccountHold[]
  concurrency: number
  /** The speed limits of uploads and of downloads (bytes a second), null: none. */
  bandwidthBytesPerSec: number | null
  downloadBytesPerSec: number | null
}

const NOTIFY_MS = 60
const ACTIVE = new Set(['queued', 'running', 'retrying', 'pending'])

export const useQueue = create<QueueState>()(() => ({
  loaded: false,
  version: 0,
  items: new Map(),
  order: [],
  rates: new Map(),
  totals: emptyTotals(),
  paused: null,
  held: [],
  concurrency: 3,
  bandwidthBytesPerSec: null,
  downloadBytesPerSec: null,
}))

let timer: ReturnType<typeof setTimeout> | null = null

function notify(): void {
  if (timer !== null) return
  timer = setTimeout(() => {
    timer = null
    useQueue.setState({ version: useQueue.getState().version + 1 })
  }, NOTIFY_MS)
}

export function applySnapshot(snapshot: QueueSnapshot): void {
  const items = new Map(snapshot.items.map((i) => [i.id, i]))
  useQueue.setState({
    loaded: true,
    totals: snapshot.totals,
    items,
    order: snapshot.items.map((i) => i.id),
    rates: new Map(),
    paused: snapshot.paused,
    held: snapshot.held,
    concurrency: snapshot.concurrency,
    bandwidthBytesPerSec: snapshot.bandwidthBytesPerSec,
    downloadBytesPerSec: snapshot.downloadBytesPerSec,
  })
  notify()
}

/** Every event is idempotent here (items are whole views), so replaying one seen in a snapshot is harmless. */
export function applyQueueEvent(event: QueueEvent): void {
  const s = useQueue.getState()
  switch (event.type) {
    case 'queue.added':
      for (const item of event.items) {
        if (!s.items.has(item.id)) s.order.push(item.id)
        s.items.set(item.id, item)
      }
      break
    case 'queue.item': {
      if (!s.items.has(event.item.id)) s.order.push(event.item.id)
      s.items.set(event.item.id, event.item)
      if (event.item.state !== 'running') s.rates.delete(event.item.id)
      break
    }
    case 'queue.removed': {
      const gone = new Set(event.ids)
      for (const id of gone) {
        s.items.delete(id)
        s.rates.delete(id)
      }
      useQueue.setState({ order: s.order.filter((id) => !gone.has(id)) })
      break
    }
    case 'queue.progress':
      // Main counts (QueueCore's tally) and sends the totals at least every time anything changed.
      useQueue.setState({ totals: event.totals })
      for (const p of event.items) {
        const item = s.items.get(p.id)
        if (item) s.items.set(p.id, { ...item, bytesDone: p.bytesDone })
        s.rates.set(p.id, { bytesPerSec: p.bytesPerSec, etaSec: p.etaSec })
      }
      break
    case 'queue.paused':
      useQueue.setState({ paused: event.pause })
      break
    case 'queue.resumed':
      if (s.paused?.reason === event.reason) useQueue.setState({ paused: null })
      break
    case 'queue.accountHeld':
      useQueue.setState({
        held: [...s.held.filter((h) => h.accountId !== event.hold.accountId), event.hold],
      })
      break
    case 'queue.accountReleased':
      useQueue.setState({ held: s.held.filter((h) => h.accountId !== event.accountId) })
      break
    case 'queue.settings':
      useQueue.setState({
        concurrency: event.concurrency,
        bandwidthBytesPerSec: event.bandwidthBytesPerSec,
        downloadBytesPerSec: event.downloadBytesPerSec,
      })
      break
    case 'batch.finished':
      break
  }
  notify()
}

export function isActive(item: QueueItemView): boolean {
  return ACTIVE.has(item.state)
}
