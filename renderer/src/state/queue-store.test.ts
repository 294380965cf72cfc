import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  emptyTotals,
  type QueueEvent,
  type QueueItemView,
  type QueueSnapshot,
} from '../../../shared/queue.ts'
import { applyQueueEvent, applySnapshot, isActive, useQueue } from './queue-store.ts'

function item(id: string, patch: Partial<QueueItemView> = {}): QueueItemView {
  return {
    id,
    batchId: 'b1',
    kind: 'file',
    accountId: 'acc',
    name: `${id}.bin`,
    relPath: `${id}.bin`,
    source: `/tmp/${id}.bin`,
    fldId: 0,
    targetFldId: null,
    size: 1000,
    state: 'queued',
    phase: null,
    attempts: 0,
    direction: 'up',
    bytesDone: 0,
    nextAttemptAt: null,
    fileCode: null,
    pageLink: null,
    error: null,
    addedAt: 1,
    finishedAt: null,
    ...patch,
  }
}

function snapshot(items: QueueItemView[]): QueueSnapshot {
  return {
    items,
    batches: [],
    totals: emptyTotals(),
    paused: null,
    held: [],
    concurrency: 3,
    bandwidthBytesPerSec: null,
    downloadBytesPerSec: null,
  }
}

const order = () => useQueue.getState().order
const get = (id: string) => useQueue.getState().items.get(id)

beforeEach(() => {
  vi.useFakeTimers()
  applySnapshot(snapshot([]))
  vi.runAllTimers()
})

afterEach(() => {
  // The store's pending notification must fire before the clock is swapped, or it would never fire.
  vi.runOnlyPendingTimers()
  vi.useRealTimers()
})

describe('the renderer queue store', () => {
  it('loads a snapshot in its order, then follows added, changed and removed items', () => {
    applySnapshot(snapshot([item('a'), item('b')]))
    expect(useQueue.getState().loaded).toBe(true)
    applyQueueEvent({ type: 'queue.added', batchId: 'b2', items: [item('c'), item('d')] })
    applyQueueEvent({ type: 'queue.item', item: item('b', { state: 'done', fileCode: 'abc' }) })
    applyQueueEvent({ type: 'queue.removed', ids: ['a', 'd'] })
    expect(order()).toEqual(['b', 'c'])
    expect(get('b')).toMatchObject({ state: 'done', fileCode: 'abc' })
    expect(get('a')).toBeUndefined()
  })

  it('is safe to repeat: an event seen again (after a reconnect snapshot) changes nothing more', () => {
    applySnapshot(snapshot([item('a')]))
    const added: QueueEvent = { type: 'queue.added', batchId: 'b1', items: [item('a'), item('b')] }
    applyQueueEvent(added)
    applyQueueEvent(added)
    applyQueueEvent({ type: 'queue.item', item: item('c') })
    applyQueueEvent({ type: 'queue.item', item: item('c', { state: 'running' }) })
    applyQueueEvent({ type: 'queue.removed', ids: ['b'] })
    applyQueueEvent({ type: 'queue.removed', ids: ['b'] })
    expect(order()).toEqual(['a', 'c'])
    expect(get('c')?.state).toBe('running')
  })

  it('shows progress as main counted it, and forgets an item’s speed once it stops running', () => {
    applySnapshot(snapshot([item('a', { state: 'running' })]))
    const totals = {
      ...emptyTotals(),
      items: 1,
      running: 1,
      totalBytes: 1000,
      doneBytes: 400,
      bytesPerSec: 200,
    }
    applyQueueEvent({
      type: 'queue.progress',
      items: [{ id: 'a', bytesDone: 400, totalBytes: 1000, bytesPerSec: 200, etaSec: 3 }],
      totals,
    })
    expect(useQueue.getState().totals).toEqual(totals)
    expect(get('a')?.bytesDone).toBe(400)
    expect(useQueue.getState().rates.get('a')).toEqual({ bytesPerSec: 200, etaSec: 3 })
    applyQueueEvent({ type: 'queue.item', item: item('a', { state: 'done', bytesDone: 1000 }) })
    expect(useQueue.getState().rates.has('a')).toBe(false)
  })

  it('clears a pause only when its own reason resumes', () => {
    const pause = { reason: 'offline', message: 'The host cannot be reached.', since: 5 } as const
    applyQueueEvent({ type: 'queue.paused', pause })
    applyQueueEvent({ type: 'queue.resumed', reason: 'user' })
    expect(useQueue.getState().paused).toEqual(pause)
    applyQueueEvent({ type: 'queue.resumed', reason: 'offline' })
    expect(useQueue.getState().paused).toBeNull()
    applyQueueEvent({
      type: 'queue.settings',
      concurrency: 5,
      bandwidthBytesPerSec: 65_536,
      downloadBytesPerSec: 32_768,
    })
    expect(useQueue.getState()).toMatchObject({
      concurrency: 5,
      bandwidthBytesPerSec: 65_536,
      downloadBytesPerSec: 32_768,
    })
  })

  it('tells subscribers at most once per burst of events, however many arrived', () => {
    const before = useQueue.getState().version
    for (let n = 0; n < 500; n++) applyQueueEvent({ type: 'queue.item', item: item(`i${n}`) })
    expect(useQueue.getState().version).toBe(before)
    vi.advanceTimersByTime(100)
    expect(useQueue.getState().version).toBe(before + 1)
    expect(order()).toHaveLength(500)
  })

  it('counts queued, running, retrying and pending items as active, finished ones not', () => {
    for (const state of ['queued', 'running', 'retrying', 'pending'] as const)
      expect(isActive(item('x', { state }))).toBe(true)
    for (const state of ['done', 'failed', 'cancelled', 'paused'] as const)
      expect(isActive(item('x', { state }))).toBe(false)
  })
})
