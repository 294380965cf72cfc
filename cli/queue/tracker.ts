import type { ItemProgress, QueueItemState, QueueItemView } from '../../shared/queue.ts'
import type { BarState } from './progress-bar.ts'

const FINAL: ReadonlySet<QueueItemState> = new Set(['done', 'failed', 'cancelled'])
/** A speed not refreshed for this long is stale: nothing moved since, so show none. */
const STALE_SPEED_MS = 3_000

interface Tracked {
  kind: QueueItemView['kind']
  size: number
  state: QueueItemState
  sent: number
}

/**
 * The items this run waits for (its own batch, and what it resumed), counted for the progress bar and the exit
 * code. Other items of the queue (failed ones of earlier runs, items of accounts this run cannot serve) share the
 * engine's totals, so the run keeps its own.
 */
export class RunTracker {
  private readonly items = new Map<string, Tracked>()
  private readonly reported = new Set<string>()
  private bytesPerSec = 0
  private speedAt = 0
  /** Done items, those already there included. */
  done = 0
  /** Done without sending: the file was already in its folder. */
  alreadyThere = 0
  failed = 0

  include(view: QueueItemView): void {
    if (this.items.has(view.id)) return
    this.items.set(view.id, { kind: view.kind, size: view.size ?? 0, state: view.state, sent: 0 })
    if (FINAL.has(view.state)) this.reported.add(view.id)
  }

  has(id: string): boolean {
    return this.items.has(id)
  }

  /** Records a change; returns true the first time the item reaches a final state (report it once). */
  update(view: QueueItemView): boolean {
    const t = this.items.get(view.id)
    if (!t) return false
    t.state = view.state
    if (view.size !== null) t.size = view.size
    if (!FINAL.has(view.state) || this.reported.has(view.id)) return false
    this.reported.add(view.id)
    if (t.kind === 'folder') return false
    if (view.state === 'done') this.done++
    if (view.state === 'done' && view.alreadyThere) this.alreadyThere++
    else if (view.state === 'failed') this.failed++
    return true
  }

  progress(items: readonly ItemProgress[], bytesPerSec: number): void {
    for (const p of items) {
      const t = this.items.get(p.id)
      if (t) t.sent = p.bytesDone
    }
    this.bytesPerSec = bytesPerSec
    this.speedAt = performance.now()
  }

  /** Items not yet done, failed or cancelled. */
  unfinished(): number {
    let n = 0
    for (const t of this.items.values()) if (!FINAL.has(t.state)) n++
    return n
  }

  get size(): number {
    return this.items.size
  }

  bar(): BarState {
    let totalBytes = 0
    let doneBytes = 0
    let files = 0
    for (const t of this.items.values()) {
      if (t.kind === 'folder' || t.state === 'cancelled') continue
      files++
      totalBytes += t.size
      if (t.state === 'done' || t.state === 'failed') doneBytes += t.size
      else if (t.state === 'running') doneBytes += Math.min(t.sent, t.size)
    }
    const speed = performance.now() - this.speedAt < STALE_SPEED_MS ? this.bytesPerSec : 0
    const left = Math.max(0, totalBytes - doneBytes)
    return {
      files,
      done: this.done,
      failed: this.failed,
      totalBytes,
      doneBytes,
      bytesPerSec: speed,
      etaSec: speed > 0 ? Math.ceil(left / speed) : null,
    }
  }
}
