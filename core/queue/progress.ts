import type { ItemProgress, TransferDirection } from '../../shared/queue.ts'

const WINDOW_MS = 3_000

interface Track {
  sent: number
  total: number
  samples: { t: number; sent: number }[]
}

/** Bytes moved in one direction, sampled over the window, for its speed. */
interface Moved {
  samples: { t: number; total: number }[]
  total: number
}

/**
 * Bytes, speed and ETA per transfer, per direction and for all of them, and the coalescing of progress into at most one event
 * per `intervalMs` (100 ms → ≤ 10 per second) carrying only the transfers that moved (and sent, moved or not,
 * after the queue's counts changed, so the totals it carries are never stale for long). Speed is measured over a
 * sliding window of the last few seconds, so a stall shows as a falling speed rather than a frozen one.
 */
export class ProgressMeter {
  private readonly tracks = new Map<string, Track>()
  private readonly dirty = new Set<string>()
  private readonly moved: Record<TransferDirection, Moved> = {
    up: { samples: [], total: 0 },
    down: { samples: [], total: 0 },
  }
  /** Something other than bytes changed (an item's state): the next flush goes out even if no bytes moved. */
  private touched = false
  private closed = false
  private lastFlush = -Infinity
  private timer: NodeJS.Timeout | undefined

  constructor(
    private readonly flush: (items: ItemProgress[]) => void,
    private readonly intervalMs = 100,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * A transfer's bytes so far. The first update of a transfer only sets where it starts (a download resumed from
   * its work file starts at the bytes there): only bytes moved after it count towards the speed.
   */
  update(id: string, sent: number, total: number, direction: TransferDirection): void {
    const t = this.now()
    let track = this.tracks.get(id)
    if (!track) {
      track = { sent, total, samples: [] }
      this.tracks.set(id, track)
    }
    const moved = this.moved[direction]
    if (sent > track.sent) moved.total += sent - track.sent
    track.sent = sent
    track.total = total
    track.samples.push({ t, sent })
    trim(track.samples, t)
    moved.samples.push({ t, total: moved.total })
    trim(moved.samples, t)
    this.dirty.add(id)
    this.schedule()
  }

  /** The queue's counts changed: send the totals with the next (coalesced) flush. */
  touch(): void {
    this.touched = true
    this.schedule()
  }

  /** The transfer ended (done, failed, paused): it no longer counts towards speed. */
  forget(id: string): void {
    this.tracks.delete(id)
    this.dirty.delete(id)
  }

  sentOf(id: string): number {
    return this.tracks.get(id)?.sent ?? 0
  }

  /** A running transfer's bytes so far; undefined when it is not running (nothing measured). */
  bytesOf(id: string): number | undefined {
    return this.tracks.get(id)?.sent
  }

  /** Bytes per second over the window: of one direction, or of all transfers together. */
  bytesPerSec(direction?: TransferDirection): number {
    if (direction === undefined) return this.bytesPerSec('up') + this.bytesPerSec('down')
    const t = this.now()
    const moved = this.moved[direction]
    trim(moved.samples, t)
    const first = moved.samples[0]
    if (!first) return 0
    // Measured up to now, not to the last sample, so a stall drags the speed down.
    const span = Math.max(t - first.t, 500)
    return ((moved.total - first.total) / span) * 1000
  }

  item(id: string): ItemProgress | undefined {
    const track = this.tracks.get(id)
    if (!track) return undefined
    const t = this.now()
    trim(track.samples, t)
    const first = track.samples[0]
    const speed = first ? ((track.sent - first.sent) / Math.max(t - first.t, 500)) * 1000 : 0
    const left = Math.max(0, track.total - track.sent)
    return {
      id,
      bytesDone: track.sent,
      totalBytes: track.total,
      bytesPerSec: Math.round(speed),
      etaSec: speed > 0 ? Math.ceil(left / speed) : left === 0 ? 0 : null,
    }
  }

  close(): void {
    this.closed = true
    clearTimeout(this.timer)
    this.timer = undefined
  }

  private schedule(): void {
    if (this.timer || this.closed) return
    const wait = Math.max(0, this.lastFlush + this.intervalMs - this.now())
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.lastFlush = this.now()
      const items: ItemProgress[] = []
      for (const id of this.dirty) {
        const p = this.item(id)
        if (p) items.push(p)
      }
      this.dirty.clear()
      if (items.length > 0 || this.touched) this.flush(items)
      this.touched = false
    }, wait)
    this.timer.unref?.()
  }
}

function trim(samples: { t: number }[], now: number): void {
  let drop = 0
  while (drop < samples.length - 1 && now - (samples[drop] as { t: number }).t > WINDOW_MS) drop++
  if (drop > 0) samples.splice(0, drop)
}
