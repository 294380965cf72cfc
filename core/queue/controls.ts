import { FiledockError } from '../../shared/errors.ts'
import type { QueueCore } from './core.ts'
import type { ItemRecord } from './records.ts'

/**
 * The user's hands on single items. A running (or polling) item is only signalled here: its run ends in
 * runner.ts, which records the pause or cancel once the transfer has stopped. Items waiting in line or out a
 * backoff change state at once.
 */

export async function pauseItem(core: QueueCore, id: string): Promise<void> {
  const item = itemOf(core, id)
  if (item.state !== 'queued') return
  if (signalRunning(core, id, 'pause')) return
  stopWaiting(core, id)
  await core.d.store.patch(item, { state: 'paused' })
  core.releaseName(item)
  core.changed(item)
}

export async function resumeItems(core: QueueCore, id?: string): Promise<void> {
  const items = id === undefined ? [...core.d.store.items.values()] : [itemOf(core, id)]
  for (const item of items) {
    if (item.state !== 'paused') continue
    await core.d.store.patch(item, { state: 'queued' })
    core.changed(item)
    core.push(item)
  }
}

export async function cancelItem(core: QueueCore, id: string): Promise<void> {
  const item = itemOf(core, id)
  if (item.state === 'done' || item.state === 'cancelled') return
  if (signalRunning(core, id, 'cancel')) return
  stopWaiting(core, id)
  await core.d.store.patch(item, { state: 'cancelled', finishedAt: core.d.now() })
  core.releaseName(item)
  core.changed(item)
}

export async function retryFailed(core: QueueCore, ids?: readonly string[]): Promise<number> {
  const { store } = core.d
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

export async function clearFinished(core: QueueCore): Promise<number> {
  const { store } = core.d
  const open = new Set<string>()
  for (const i of store.items.values()) if (!isOver(i)) open.add(i.batchId)
  const gone = [...store.items.values()].filter(
    (i) => (i.state === 'done' || i.state === 'cancelled') && !open.has(i.batchId),
  )
  if (gone.length === 0) return 0
  const ids = gone.map((i) => i.id)
  for (const item of gone) core.forgetItem(item)
  await store.remove(ids)
  core.d.events.emit({ type: 'queue.removed', ids })
  return ids.length
}

function isOver(i: ItemRecord): boolean {
  return i.state === 'done' || i.state === 'cancelled' || i.state === 'failed'
}

function signalRunning(core: QueueCore, id: string, reason: 'pause' | 'cancel'): boolean {
  const rt = core.rt(id)
  if ((rt.run !== 'running' && rt.run !== 'pending') || !rt.abort) return false
  rt.abortReason = reason
  rt.abort.abort()
  return true
}

function stopWaiting(core: QueueCore, id: string): void {
  const rt = core.rt(id)
  if (rt.retryTimer) clearTimeout(rt.retryTimer)
  rt.retryTimer = null
  rt.nextAttemptAt = null
  rt.run = 'idle'
}

function itemOf(core: QueueCore, id: string): ItemRecord {
  const item = core.d.store.items.get(id)
  if (!item) throw new FiledockError({ kind: 'not_found', message: 'That upload is no longer in the queue.' })
  return item
}
