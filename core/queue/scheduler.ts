/**
 * Runs queued items, lowest rank first, at most `concurrency` at a time. A small loop of our own rather than
 * p-limit: items leave the line and come back (pause, backoff, waiting for a name), the whole queue pauses, the
 * limit changes while work is running, and items that are waiting (backoff, a remote fetch) must not hold a
 * slot. p-limit hands out slots to promises already created in call order; here an item is only picked when a
 * slot is free, so its state at that moment decides.
 *
 * Items are ids in a binary heap with lazy removal: `admit(id)` (asked when an item comes up) says whether it
 * may run now; an item that may not is dropped from the heap and re-added by whoever changes its state.
 */
export interface SchedulerHooks {
  /** May this item start now? Also takes what it needs (e.g. a name lock); false drops it from the line. */
  admit(id: string): boolean
  /** Runs the item; the slot is free when it settles. Never rejects. */
  run(id: string): Promise<void>
  /** The queue as a whole is paused: nothing starts. */
  halted(): boolean
}

export class Scheduler {
  private readonly heap: { id: string; rank: number }[] = []
  private readonly inHeap = new Set<string>()
  private readonly running = new Set<string>()
  private quietWaiters: (() => void)[] = []
  /** Pushed while still running (its run is ending and put it back in line): queued when the run settles. */
  private readonly again = new Map<string, number>()

  constructor(
    private limit: number,
    private readonly hooks: SchedulerHooks,
  ) {}

  get concurrency(): number {
    return this.limit
  }

  /** Resolves once no run is in progress (closing: nothing new starts, so this is the last of them). */
  whenQuiet(): Promise<void> {
    if (this.running.size === 0) return Promise.resolve()
    return new Promise((resolve) => this.quietWaiters.push(resolve))
  }

  /** Raising the limit starts work at once; lowering lets running items finish and starts nothing new. */
  setConcurrency(n: number): void {
    this.limit = n
    this.pump()
  }

  push(id: string, rank: number): void {
    if (this.running.has(id)) {
      this.again.set(id, rank)
      return
    }
    if (this.inHeap.has(id)) return
    this.inHeap.add(id)
    this.heap.push({ id, rank })
    this.up(this.heap.length - 1)
    this.pump()
  }

  pump(): void {
    while (this.running.size < this.limit && this.heap.length > 0 && !this.hooks.halted()) {
      const top = this.pop()
      if (!top || !this.hooks.admit(top.id)) continue
      this.running.add(top.id)
      void this.hooks.run(top.id).finally(() => {
        this.running.delete(top.id)
        const rank = this.again.get(top.id)
        this.again.delete(top.id)
        if (rank !== undefined) this.push(top.id, rank)
        this.pump()
        if (this.running.size === 0) this.wakeQuietWaiters()
      })
    }
  }

  private wakeQuietWaiters(): void {
    const waiters = this.quietWaiters
    this.quietWaiters = []
    for (const w of waiters) w()
  }

  private pop(): { id: string; rank: number } | undefined {
    const top = this.heap[0]
    const last = this.heap.pop()
    if (top === undefined || last === undefined) return undefined
    if (this.heap.length > 0) {
      this.heap[0] = last
      this.down(0)
    }
    this.inHeap.delete(top.id)
    return top
  }

  private up(i: number): void {
    const h = this.heap
    while (i > 0) {
      const p = (i - 1) >> 1
      if ((h[p] as { rank: number }).rank <= (h[i] as { rank: number }).rank) return
      ;[h[p], h[i]] = [h[i] as { id: string; rank: number }, h[p] as { id: string; rank: number }]
      i = p
    }
  }

  private down(i: number): void {
    const h = this.heap
    for (;;) {
      const l = 2 * i + 1
      const r = l + 1
      let m = i
      if (l < h.length && (h[l] as { rank: number }).rank < (h[m] as { rank: number }).rank) m = l
      if (r < h.length && (h[r] as { rank: number }).rank < (h[m] as { rank: number }).rank) m = r
      if (m === i) return
      ;[h[m], h[i]] = [h[i] as { id: string; rank: number }, h[m] as { id: string; rank: number }]
      i = m
    }
  }
}
