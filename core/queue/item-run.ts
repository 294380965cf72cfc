import type { QueueItemPhase, QueueItemState } from '../../shared/queue.ts'
import type { ItemRecord } from './records.ts'

/** Why the engine stopped a running attempt: the user's hands, a queue-wide halt, or the engine closing. */
export type StopReason = 'pause' | 'cancel' | 'halt' | 'close'

/**
 * What the engine knows of an item beyond its journal record (nothing here survives a restart): whether a worker
 * has it, its phase, the abort of its attempt and why it was aborted, a backoff timer, its name lock. Every change
 * goes through a method, so the rules (who may overrule a stop, what a settled run forgets) live in one place.
 */
export class ItemRun {
  /** idle: in line (or paused/final per the record); running: a worker has it; retrying: backoff. */
  private run: 'idle' | 'running' | 'retrying' | 'pending' = 'idle'
  private currentPhase: QueueItemPhase | null = null
  private abort: AbortController | null = null
  private stoppedFor: StopReason | null = null
  private retryTimer: NodeJS.Timeout | null = null
  private retryAt: number | null = null
  private nameHeld = false
  private lastShown: QueueItemState | null = null

  get phase(): QueueItemPhase | null {
    return this.currentPhase
  }

  get nextAttemptAt(): number | null {
    return this.retryAt
  }

  get stopReason(): StopReason | null {
    return this.stoppedFor
  }

  get holdsName(): boolean {
    return this.nameHeld
  }

  /** Neither running, polling nor waiting out a backoff: the scheduler may hand it to a worker. */
  get isIdle(): boolean {
    return this.run === 'idle'
  }

  /** The state a person sees: the record's, refined by what the engine is doing with a queued item. */
  stateOf(item: ItemRecord): QueueItemState {
    if (item.state !== 'queued') return item.state
    return this.run === 'idle' ? 'queued' : this.run
  }

  /** A worker takes the item: a fresh abort for this attempt. */
  begin(): AbortSignal {
    this.run = 'running'
    this.currentPhase = null
    this.abort = new AbortController()
    this.stoppedFor = null
    return this.abort.signal
  }

  /** A remote URL the host accepted: it leaves its worker and is polled, still abortable. */
  markPending(): void {
    this.run = 'pending'
  }

  /** Returns whether the phase changed (an event is due). */
  enterPhase(phase: QueueItemPhase): boolean {
    if (this.currentPhase === phase) return false
    this.currentPhase = phase
    return true
  }

  /**
   * Aborts the running (or polling) attempt; the run's end records why. The user's pause or cancel overrules an
   * earlier halt (the item should end paused or cancelled, not back in line); a halt or close never overrules
   * anything. Returns whether there was an attempt to stop.
   */
  stop(reason: StopReason): boolean {
    if ((this.run !== 'running' && this.run !== 'pending') || this.abort === null) return false
    const userHand = reason === 'pause' || reason === 'cancel'
    if (this.stoppedFor !== null && !userHand) return true
    this.stoppedFor = reason
    this.abort.abort()
    return true
  }

  /** The attempt is over, whatever its outcome. */
  settle(): void {
    this.run = 'idle'
    this.currentPhase = null
    this.abort = null
    this.stoppedFor = null
  }

  /** Waits out a backoff, then `due` puts the item back in line. */
  retryIn(waitMs: number, now: number, due: () => void): void {
    this.run = 'retrying'
    this.retryAt = now + waitMs
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      this.retryAt = null
      this.run = 'idle'
      due()
    }, waitMs)
  }

  /** Drops a pending backoff (the item was paused, cancelled, or the engine is closing). */
  cancelRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.retryTimer = null
    this.retryAt = null
    if (this.run === 'retrying') this.run = 'idle'
  }

  takeName(): void {
    this.nameHeld = true
  }

  /** Returns whether the item held its name (the lock must then be released). */
  dropName(): boolean {
    const held = this.nameHeld
    this.nameHeld = false
    return held
  }

  /** Records the state last reported and returns the one before, to keep the per-state counters right. */
  report(state: QueueItemState): QueueItemState | null {
    const prev = this.lastShown
    this.lastShown = state
    return prev
  }

  get shown(): QueueItemState | null {
    return this.lastShown
  }
}
