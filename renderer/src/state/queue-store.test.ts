import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { QueueEvent, QueueItemView, QueueSnapshot } from '../../../shared/queue.ts'
import { emptyTotals } from '../../../shared/queue-totals.ts'
import {
  applyQueueEvent,
  applySnapshot,
  isActive,
  selectItem,
  selectListVersion,
  selectManyAccounts,
  selectRate,
  useQueue,
} from './queue-store.ts'

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

/** The events of one frame, then the frame (no animation frames under Node: the store's fallback timer). */
function apply(...events: QueueEvent[]): void {
  for (const event of events) applyQueueEvent(event)
  vi.runAllTimers()
}

const order = () => useQueue.getState().order
const get = (id: string) => useQueue.getState().items.get(id)

/**
 * How often a component showing `select` of the store would render: zustand re-renders a subscriber when its
 * selection is no longer the same (Object.is) after a store update, as here.
 */
function renders<T>(select: (s: ReturnType<typeof useQueue.getState>) => T): { count: number; stop(): void } {
  let last = select(useQueue.getState())
  const seen = { count: 0, stop: () => {} }
  seen.stop = useQueue.subscribe((state) => {
    const now = select(state)
    if (!Object.is(now, last)) seen.count++
    last = now
  })
  return seen
}

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
    apply(
      { type: 'queue.added', batchId: 'b2', items: [item('c'), item('d')] },
      { type: 'queue.item', item: item('b', { state: 'done', fileCode: 'abc' }) },
      { type: 'queue.removed', ids: ['a', 'd'] },
    )
    expect(order()).toEqual(['b', 'c'])
    expect(get('b')).toMatchObject({ state: 'done', fileCode: 'abc' })
    expect(get('a')).toBeUndefined()
  })

  it('is safe to repeat: an event seen again (after a reconnect snapshot) changes nothing more', () => {
    applySnapshot(snapshot([item('a')]))
    const added: QueueEvent = { type: 'queue.added', batchId: 'b1', items: [item('a'), item('b')] }
    apply(
      added,
      added,
      { type: 'queue.item', item: item('c') },
      { type: 'queue.item', item: item('c', { state: 'running' }) },
      { type: 'queue.removed', ids: ['b'] },
      { type: 'queue.removed', ids: ['b'] },
    )
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
    apply({
      type: 'queue.progress',
      items: [{ id: 'a', bytesDone: 400, totalBytes: 1000, bytesPerSec: 200, etaSec: 3 }],
      totals,
    })
    expect(useQueue.getState().totals).toEqual(totals)
    expect(get('a')?.bytesDone).toBe(400)
    expect(useQueue.getState().rates.get('a')).toEqual({ bytesPerSec: 200, etaSec: 3 })
    apply({ type: 'queue.item', item: item('a', { state: 'done', bytesDone: 1000 }) })
    expect(useQueue.getState().rates.has('a')).toBe(false)
  })

  it('clears a pause only when its own reason resumes', () => {
    const pause = { reason: 'offline', message: 'The host cannot be reached.', since: 5 } as const
    apply({ type: 'queue.paused', pause }, { type: 'queue.resumed', reason: 'user' })
    expect(useQueue.getState().paused).toEqual(pause)
    apply({ type: 'queue.resumed', reason: 'offline' })
    expect(useQueue.getState().paused).toBeNull()
    apply({
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

  it('applies the events of a frame as one store update, however many arrived', () => {
    const updates = renders((s) => s.version)
    for (let n = 0; n < 500; n++) applyQueueEvent({ type: 'queue.item', item: item(`i${n}`) })
    expect(updates.count).toBe(0)
    vi.runAllTimers()
    expect(updates.count).toBe(1)
    expect(order()).toHaveLength(500)
    updates.stop()
  })

  it('a batch of 8 running downloads re-renders only the rows it moved: not the list, not the other rows', () => {
    const running = Array.from({ length: 8 }, (_, n) =>
      item(`r${n}`, { state: 'running', direction: 'down' }),
    )
    const waiting = Array.from({ length: 1000 }, (_, n) => item(`w${n}`, { direction: 'down' }))
    applySnapshot(snapshot([...running, ...waiting]))
    const list = renders(selectListVersion)
    const accounts = renders(selectManyAccounts)
    const rows = [...running, ...waiting.slice(0, 10)].map((i) => ({
      id: i.id,
      item: renders(selectItem(i.id)),
      rate: renders(selectRate(i.id)),
    }))
    const tick = (bytes: number, ids: string[]): QueueEvent => ({
      type: 'queue.progress',
      items: ids.map((id) => ({ id, bytesDone: bytes, totalBytes: 10_000, bytesPerSec: 100, etaSec: 5 })),
      totals: { ...emptyTotals(), items: 1008, running: 8 },
    })
    const all = running.map((i) => i.id)
    // Three frames: two ticks of all eight, one where r0 finished, one tick again, and the same tick repeated.
    apply(tick(1000, all), tick(2000, all))
    apply({ type: 'queue.item', item: item('r0', { state: 'done', direction: 'down', bytesDone: 1000 }) })
    apply(tick(3000, all.slice(1)), tick(3000, all.slice(1)))

    expect(list.count).toBe(0)
    expect(accounts.count).toBe(0)
    const itemRenders = Object.fromEntries(rows.map((r) => [r.id, r.item.count]))
    const rateRenders = Object.fromEntries(rows.map((r) => [r.id, r.rate.count]))
    // r0: its bytes in the first frame, done in the second; r1..r7: their bytes in frames one and three.
    expect(itemRenders).toEqual({
      r0: 2,
      ...Object.fromEntries(all.slice(1).map((id) => [id, 2])),
      ...Object.fromEntries(waiting.slice(0, 10).map((i) => [i.id, 0])),
    })
    // A speed that stays the same is the same object: r1..r7 show theirs once, r0 loses its own when done.
    expect(rateRenders).toEqual({
      r0: 2,
      ...Object.fromEntries(all.slice(1).map((id) => [id, 1])),
      ...Object.fromEntries(waiting.slice(0, 10).map((i) => [i.id, 0])),
    })

    apply({ type: 'queue.added', batchId: 'b2', items: [item('n', { accountId: 'other' })] })
    expect([list.count, accounts.count]).toEqual([1, 1])
    apply({ type: 'queue.removed', ids: ['n'] })
    expect([list.count, accounts.count]).toEqual([2, 2])
    for (const r of [list, accounts, ...rows.flatMap((x) => [x.item, x.rate])]) r.stop()
  })

  it('counts queued, running, retrying and pending items as active, finished ones not', () => {
    for (const state of ['queued', 'running', 'retrying', 'pending'] as const)
      expect(isActive(item('x', { state }))).toBe(true)
    for (const state of ['done', 'failed', 'cancelled', 'paused'] as const)
      expect(isActive(item('x', { state }))).toBe(false)
  })
})
