import type { QueuePause, QueuePauseReason } from '../../shared/queue.ts'
import type { ProblemText } from './problem-text.ts'

/**
 * Why the whole queue is paused, if it is. The user's pause outranks the automatic ones (an automatic resume
 * must never undo it), and a rejected key outranks being offline (coming back online does not fix a key).
 */
const rank: Record<QueuePauseReason, number> = { offline: 1, auth: 2, user: 3 }

export class PauseState {
  private pause: QueuePause | null = null

  get current(): QueuePause | null {
    return this.pause
  }

  /** Returns the new pause when it replaces the current one (an event is due), else null. */
  enter(reason: QueuePauseReason, words: ProblemText, now: number, accountId?: string): QueuePause | null {
    const cur = this.pause
    const same = cur?.reason === reason && cur.accountId === accountId && cur.message === words.message
    if (cur && (rank[cur.reason] > rank[reason] || same)) return null
    this.pause = { reason, ...words, since: now, ...(accountId !== undefined ? { accountId } : {}) }
    return this.pause
  }

  /** Leaves the pause if it is (one of) `reasons`; returns the reason left, else null. */
  leave(reasons: readonly QueuePauseReason[]): QueuePauseReason | null {
    const cur = this.pause
    if (!cur || !reasons.includes(cur.reason)) return null
    this.pause = null
    return cur.reason
  }
}
