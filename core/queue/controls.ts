import { FiledockError } from '../../shared/errors.ts'
import type { QueueCore } from './core.ts'
import type { QueueEvents } from './events.ts'
import type { QueueStore } from './queue-store.ts'
import type { ItemRecord } from './records.ts'

export interface ControlDeps {
  core: QueueCore
  store: QueueStore
  events: QueueEvents
  now(): number
}

/**
 * The user's hands on single items. A running (or polling) item is only signalled here: its run ends in
 * runner.ts, which records the pause or cancel once the transfer has stopped. Items waiting in line or out a
 * backoff change state at once.
 */

export async function pauseItem(d: ControlDeps, id: string): Promise<void> {
  const { core, store } = d
  const item = itemOf(store, id)
  if (item.state !== 'queued') return
  if (core.stopRun(id, 'pause')) return
  core.runOf(id).cancelRetry()
  await store.patch(item, { state: 'paused' })
  core.releaseName(item)
  core.changed(item)
}

export async function resumeItems(d: ControlDeps, id?: string): Promise<void> {
  const { core, store } = d
  const items = id === undefined ? [...store.items.values()] : [itemOf(store, id)]
  for (const item of items) {
    if (item.state !== 'paused') continue
    await store.patch(item, { state: 'queued' })
    core.changed(item)
    core.push(item)
  }
}

export async function cancelItem(d: ControlDeps, id: string): Promise<void> {
  const { core, store } = d
  const item = itemOf(store, id)
  if (item.state === 'done' || item.state === 'cancelled') return
  if (core.stopRun(id, 'cancel')) return
  core.runOf(id).cancelRetry()
  await store.patch(item, { state: 'cancelled', finishedAt: d.now() })
  core.releaseName(item)
  core.changed(item)
}

export async function retryFailed(d: ControlDeps, ids?: readonly string[]): Promise<number> {
  const { core, store } = d
  const wanted = ids ? new Set(ids) : null
  let n = 0
  for (const item of [...store.items.values()]) {
    if (item.state !== 'failed' || (wanted && !wanted.has(item.id))) continue
    const batch = store.batches.get(item.batchId)
    if (batch?.finishedEmitted) await store.patchBatch(batch, { finishedEmitted: false })
    await store.patch(item, { state: 'queued', attempts: 0, error: null, finishedAt: null })
    core.changed(item)
    core.push(item)
    n++
  }
  return n
}

export async function clearFinished(d: ControlDeps): Promise<number> {
  const { core, store, events } = d
  const open = new Set<string>()
  for (const i of store.items.values()) if (!isOver(i)) open.add(i.batchId)
  const gone = [...store.items.values()].filter(
    (i) => (i.state === 'done' || i.state === 'cancelled') && !open.has(i.batchId),
  )
  if (gone.length === 0) return 0
  const ids = gone.map((i) => i.id)
  for (const item of gone) core.forgetItem(item)
  await store.remove(ids)
  events.emit({ type: 'queue.removed', ids })
  return ids.length
}

function isOver(i: ItemRecord): boolean {
  return i.state === 'done' || i.state === 'cancelled' || i.state === 'failed'
}

function itemOf(store: QueueStore, id: string): ItemRecord {
  const item = store.items.get(id)
  if (!item) throw new FiledockError({ kind: 'not_found', message: 'That upload is no longer in the queue.' })
  return item
}
