import type { AccountHold } from '../../shared/queue.ts'
import type { ProblemText } from './problem-text.ts'

/**
 * Holds shorter than this wait unseen (a 429's Retry-After of a few seconds is the queue's own business); longer
 * ones (a lock-out: "try again in 60 minutes") are told, so the user sees why an account's uploads stand still
 * and until when.
 */
export const SHOWN_HOLD_MS = 60_000

interface Held {
  hold: AccountHold
  shown: boolean
  timer: NodeJS.Timeout
  /** Items that came up while the account was held: put back in line when the hold ends. */
  parked: Set<string>
}

export interface AccountHoldsDeps {
  now(): number
  /** The hold ended: these items may run again. */
  release(ids: readonly string[]): void
  /** A hold worth telling began, grew, or (null) ended. */
  told(accountId: string, hold: AccountHold | null): void
}

/**
 * Per account, no request before a time the host set (a Retry-After, a lock-out). While an account is held its
 * items do not take a worker: they are parked and come back when the hold ends, so a lock-out of one account
 * neither fails its items nor stops the other accounts' uploads.
 */
export class AccountHolds {
  private readonly held = new Map<string, Held>()

  constructor(private readonly d: AccountHoldsDeps) {}

  /** The host asked for no request of `accountId` before `until`; `words` say so to a person. */
  hold(accountId: string, until: number, words: ProblemText): void {
    const cur = this.held.get(accountId)
    if (cur !== undefined && cur.hold.until >= until) return
    if (cur !== undefined) clearTimeout(cur.timer)
    const hold: AccountHold = { accountId, until, ...words }
    const shown = until - this.d.now() >= SHOWN_HOLD_MS
    const timer = setTimeout(() => this.end(accountId), Math.max(0, until - this.d.now()))
    timer.unref?.()
    this.held.set(accountId, { hold, shown, timer, parked: cur?.parked ?? new Set() })
    if (shown) this.d.told(accountId, hold)
  }

  /** The end of the account's hold, if one is in force. */
  until(accountId: string): number | undefined {
    const cur = this.held.get(accountId)
    return cur !== undefined && cur.hold.until > this.d.now() ? cur.hold.until : undefined
  }

  /** True when the account is held: the item is kept back until the hold ends. */
  park(accountId: string, itemId: string): boolean {
    const cur = this.held.get(accountId)
    if (cur === undefined || cur.hold.until <= this.d.now()) return false
    cur.parked.add(itemId)
    return true
  }

  /** The holds worth telling, for a snapshot. */
  shown(): AccountHold[] {
    return [...this.held.values()].filter((h) => h.shown).map((h) => ({ ...h.hold }))
  }

  close(): void {
    for (const h of this.held.values()) clearTimeout(h.timer)
    this.held.clear()
  }

  private end(accountId: string): void {
    const cur = this.held.get(accountId)
    if (cur === undefined) return
    this.held.delete(accountId)
    if (cur.shown) this.d.told(accountId, null)
    this.d.release([...cur.parked])
  }
}
