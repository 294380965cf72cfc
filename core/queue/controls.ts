import { defineMessage } from '@formatjs/intl'
import type { FiledockErrorData } from '../../shared/errors.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import { lazy } from '../../shared/lazy.ts'
import type { QueueItemPhase } from '../../shared/queue.ts'
import type { QueueCore } from './core.ts'
import { discardPart } from './download-item.ts'
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

/**
 * What a paused item says when its pause stopped a file mid-transfer, in the words of "Stop now": the API cannot
 * continue a partial upload, so "paused" alone would promise what resuming does not do. It rides on the item's
 * `error` (kind `cancelled`: the user's hand, not the host's failure), which the queue row and the CLI already
 * show, and is dropped on resume.
 */
const INTERRUPTED_TEXT = defineMessage({
  id: 'queue.item.interrupted',
  defaultMessage:
    'The upload was interrupted; it starts again from the beginning when you resume (the host cannot continue a partial upload).',
})
/** Its English: the message has no values to format, so its defaultMessage is what translatedError writes. */
export const ITEM_INTERRUPTED_MESSAGE = INTERRUPTED_TEXT.defaultMessage

/**
 * Worded at the first pause that stops a transfer, not when this module loads: wording makes an intl, which starts
 * ICU (~20 ms), and every `filedock upload` loads the queue.
 */
const interruptedNote = lazy(
  (): FiledockErrorData => translatedError({ kind: 'cancelled' }, INTERRUPTED_TEXT).toJSON(),
)

/** The note of pausedPatch, as the journal holds it (a journal written before the note had an id: its English). */
function isInterruptedNote(error: FiledockErrorData | null | undefined): boolean {
  if (error?.kind !== 'cancelled') return false
  return error.messageId === INTERRUPTED_TEXT.id || error.message === ITEM_INTERRUPTED_MESSAGE
}

/** The record of an item a pause has stopped; `phase` is where its run was when the pause came. */
export function pausedPatch(
  item: ItemRecord,
  phase: QueueItemPhase | null,
): { state: 'paused'; error?: FiledockErrorData } {
  // Past `uploading` the file is on the host (its code is in the journal): resuming only checks and moves it.
  if (item.kind !== 'file' || phase !== 'uploading') return { state: 'paused' }
  return { state: 'paused', error: { ...interruptedNote() } }
}

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
  const items = id === undefined ? [...store.items()] : [itemOf(store, id)]
  for (const item of items) {
    if (item.state !== 'paused') continue
    await store.patch(item, { state: 'queued', ...(isInterruptedNote(item.error) ? { error: null } : {}) })
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
  // A cancelled download's work file goes (download-item.ts says why); the item ends cancelled once it is gone.
  if (item.kind === 'download') await core.track(discardPart(item))
  core.changed(item)
}

export async function retryFailed(d: ControlDeps, ids?: readonly string[]): Promise<number> {
  const { core, store } = d
  const wanted = ids ? new Set(ids) : null
  let n = 0
  for (const item of [...store.items()]) {
    if (item.state !== 'failed' || (wanted && !wanted.has(item.id))) continue
    const batch = store.batch(item.batchId)
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
  for (const i of store.items()) if (!isOver(i)) open.add(i.batchId)
  const gone = [...store.items()].filter(
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
  const item = store.item(id)
  if (!item) throw translatedError({ kind: 'not_found' }, NOT_IN_QUEUE)
  return item
}

const NOT_IN_QUEUE = defineMessage({
  id: 'errors.queue.notInQueue',
  defaultMessage: 'That transfer is no longer in the queue.',
})
