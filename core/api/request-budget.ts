import { setTimeout as wait } from 'node:timers/promises'
import { defineMessage } from '@formatjs/intl'
import { FiledockError } from '../../shared/errors.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import { hostWords, hostWordsOf } from './envelope.ts'
import type { HostProfile } from './host-profile.ts'
import { cancelledError } from './http.ts'

/**
 * One request budget per account (issue 19), shared by everything in the process that calls its host: the app's
 * pool gives every client of an account the same budget (crawl, uploads, link checks, dashboard, downloads all
 * use that client), the CLI one per run. Every request takes a slot first.
 *
 * - Unknown hosts are not slowed: requests go as they come, as before.
 * - A 429 shows the host's rate: what it took before it, read as a bucket of one second's worth that ran dry
 *   (DoodStream's "10 a second"), and from then on requests are spaced at RATE_MARGIN of it. A 429 of a request sent at that
 *   pace lowers it by a fifth; the 429s of requests sent before the rate was known (a burst) only wait. A limit
 *   the user set (requests per second) caps it either way.
 * - After a 429 nothing goes until its Retry-After (or a second, when the host gives none, as DoodStream). A
 *   Retry-After is the host's own "when": it is kept, and no pace is read from it (a proxy's or an overloaded
 *   host's 429 is not a rate); a pace is read only from 429s that say no time.
 * - A lock-out ("try again in 60 minutes", send.now) stops the account's requests until it ends: each is refused
 *   at once, without the network, as `rate_limited` with the time left, which the upload queue holds the
 *   account's items for instead of failing them.
 *
 * What it learns (the rate, a lock-out's end) is kept in the account's host profile, so the next run starts
 * under the rate at once.
 */

/** Spacing at this share of the rate a 429 showed: the host's window and ours never line up exactly. */
const RATE_MARGIN = 0.95
/** Starts remembered to count the second before a 429. */
const WINDOW_MS = 1000
/** Holds after a 429 the budget keeps for everyone (the retry policy's cap on a Retry-After waited for). */
const MAX_HOLD_MS = 30_000
/** After a 429 without Retry-After: the host's window is a second (DoodStream counts per second). */
const NO_RETRY_AFTER_HOLD_MS = 1000

export interface RequestBudgetOptions {
  /** The user's limit, requests per second; undefined: none. */
  userRatePerSec?: number | undefined
  /** From the account's host profile. */
  learned?: Pick<HostProfile, 'learnedRatePerSec' | 'lockedUntil' | 'lockedWords'> | undefined
  onLearn?: ((patch: HostProfile) => void) | undefined
  /** Tests: the clock of lock-outs (epoch ms). */
  now?: () => number
}

export class RequestBudget {
  private learnedRate: number | undefined
  private userRate: number | undefined
  private nextAt = 0
  /** The end of the hold after the last 429. */
  private holdUntil = 0
  private lockedUntil: number
  private lockedWords: string | undefined
  /** The requests of the last moments: when each went, and whether the host took it (null: no answer yet). */
  private sent: Sent[] = []
  /** The first of `sent` still within KEEP_MS (older ones are dropped in batches, not one shift at a time). */
  private head = 0
  /** A first 429 waiting for the requests sent with it to come back, before the rate is read from them. */
  private learning: { from: number; after: number } | undefined
  /** When the rate was last learned: a 429 of a request sent before then says nothing new about it. */
  private learnedAt = Number.NEGATIVE_INFINITY
  private readonly now: () => number

  constructor(private readonly options: RequestBudgetOptions = {}) {
    this.learnedRate = options.learned?.learnedRatePerSec
    this.userRate = positive(options.userRatePerSec)
    this.lockedUntil = options.learned?.lockedUntil ?? 0
    this.lockedWords = options.learned?.lockedWords
    this.now = options.now ?? Date.now
  }

  /** Requests per second this budget spaces requests at; undefined: not limited. */
  get ratePerSec(): number | undefined {
    const learned = this.learnedRate === undefined ? undefined : this.learnedRate * RATE_MARGIN
    if (learned === undefined) return this.userRate
    return this.userRate === undefined ? learned : Math.min(learned, this.userRate)
  }

  /** The user's limit changed (the account dialog). */
  setUserRate(perSec: number | undefined): void {
    this.userRate = positive(perSec)
  }

  /**
   * Runs `call` in the budget: a slot first; a 429 noted (its hold, the rate it shows, a lock-out, which is
   * thrown). A 429 is sent again in a later slot up to `resend` times (a 429 means the host did nothing, so this
   * holds for writes, which nothing else retries; reads pass 0, their retries are withRetries'), while its hold
   * is one the budget keeps. An unpaced call (the upload form) waits out holds and lock-outs but takes no slot.
   */
  async run<T>(
    operation: string,
    signal: AbortSignal | undefined,
    call: () => Promise<T>,
    resend = 0,
    paced = true,
  ): Promise<T> {
    for (let n = 0; ; n++) {
      const request = await this.take(operation, signal, paced)
      try {
        const answer = await call()
        request.taken = true
        return answer
      } catch (err) {
        if (!(err instanceof FiledockError) || err.kind !== 'rate_limited') {
          request.taken = true
          throw err
        }
        request.taken = false
        const locked = this.refused(err, hostWordsOf(err), request.at)
        if (locked !== undefined) throw locked
        if (n >= resend || (err.retryAfterMs ?? 0) > MAX_HOLD_MS) throw err
      }
    }
  }

  /** Waits for a request's slot; throws the lock-out while one is in force. */
  private async take(operation: string, signal: AbortSignal | undefined, paced: boolean): Promise<Sent> {
    for (;;) {
      this.throwIfLocked(operation)
      this.settleLearning()
      const now = performance.now()
      if (!paced && this.holdUntil > now) {
        await pause(this.holdUntil - now, operation, signal)
        continue
      }
      const rate = paced ? this.ratePerSec : undefined
      // After a 429, before the rate is known: everyone waits, then takes slots at the rate then known.
      if (paced && rate === undefined && this.nextAt > now) {
        await pause(this.nextAt - now, operation, signal)
        continue
      }
      const at = paced ? Math.max(now, this.nextAt) : now
      if (rate !== undefined) this.nextAt = at + 1000 / rate
      if (at > now) await pause(at - now, operation, signal)
      const request: Sent = { at: performance.now(), taken: null }
      this.keep(request)
      return request
    }
  }

  /**
   * A request sent at `sentAt` was answered 429. Returns the lock-out error when the host's words say the account
   * is locked out, undefined when the request may go again.
   */
  private refused(err: FiledockError, words: string | undefined, sentAt: number): FiledockError | undefined {
    const now = performance.now()
    const lockMs = lockOutOf(words)
    if (lockMs !== undefined) {
      this.lockedUntil = this.now() + lockMs
      this.lockedWords = words
      this.options.onLearn?.({ lockedUntil: this.lockedUntil, ...(words ? { lockedWords: words } : {}) })
      return this.lockedError(err.operation ?? 'the request')
    }
    // A Retry-After is the host's own answer to "when": it is kept (a longer one is the caller's to schedule) and
    // no pace is read from it. Without one (DoodStream's 429 bodies), the pace is the budget's to find.
    if (err.retryAfterMs !== undefined) {
      if (err.retryAfterMs <= MAX_HOLD_MS) this.hold(now + err.retryAfterMs)
      return undefined
    }
    if (this.learnedRate === undefined) {
      this.learning ??= { from: sentAt, after: now + NO_RETRY_AFTER_HOLD_MS }
    } else if (sentAt >= this.learnedAt) {
      // Refused at the learned pace: the first reading took in the host's burst allowance too. Sent at a steady
      // pace, what the host took per second over the last two is its rate (two, so a burst allowance left in its
      // bucket weighs half): the pace goes down to it, by a fifth at least and by half at most per refusal.
      const steady = this.takenBetween(now - 2 * WINDOW_MS, now) / 2
      const rate = this.learnedRate
      this.learn(Math.max(0.5, Math.min(rate * 0.8, Math.max(steady, rate * 0.5))), now)
    }
    this.hold(now + NO_RETRY_AFTER_HOLD_MS)
    return undefined
  }

  /**
   * Once the requests sent with the first refused one have come back: the host's rate is read from what it took
   * up to that refusal. A host's bucket starts full (DoodStream's "10 a second" takes 10 at once, then 10 a
   * second), so the reading is the slowest rate at which a bucket of one second's worth, full at the first request
   * kept, takes every request this host took (bucketRate). That is its rate where the refusal came when the bucket
   * ran dry, and below it where the traffic before was lighter; a host with a larger burst allowance reads above
   * its rate, and the refusals at that pace correct it (refused()). Halving the last second's count, as an earlier
   * version did, was right only when the bucket happened to be full a second before the refusal: a ramp of
   * traffic read 9 for a host of 10, and 9 × RATE_MARGIN kept the bench 20 % over the rate's ideal.
   */
  private settleLearning(): void {
    const l = this.learning
    if (l === undefined || performance.now() < l.after) return
    this.learning = undefined
    this.learn(Math.max(1, this.bucketRate(l.from + SAME_MS)), performance.now())
  }

  /**
   * The slowest rate r at which a token bucket of r tokens, refilled at r a second and full at the first request
   * kept, would have taken every request the host took that was sent by `to`. Refused requests take no token (the
   * host did nothing). The bucket only takes more as r grows, so the least such r is found by halving.
   */
  private bucketRate(to: number): number {
    const times: number[] = []
    for (let i = this.head; i < this.sent.length; i++) {
      const r = this.sent[i] as Sent
      if (r.taken === true && r.at <= to) times.push(r.at)
    }
    // Any rate of at least the count takes them all, even sent at one instant.
    let low = 0
    let high = Math.max(1, times.length)
    for (let step = 0; step < 40 && high - low > 0.001; step++) {
      const mid = (low + high) / 2
      if (bucketTakesAll(times, mid)) high = mid
      else low = mid
    }
    return high
  }

  /** Requests sent between the two moments that the host took. */
  private takenBetween(from: number, to: number): number {
    let taken = 0
    for (let i = this.head; i < this.sent.length; i++) {
      const r = this.sent[i] as Sent
      if (r.taken === true && r.at >= from && r.at <= to) taken++
    }
    return taken
  }

  private keep(request: Sent): void {
    this.sent.push(request)
    while (this.head < this.sent.length && request.at - (this.sent[this.head] as Sent).at > KEEP_MS)
      this.head++
    if (this.head > 1024 && this.head * 2 > this.sent.length) {
      this.sent = this.sent.slice(this.head)
      this.head = 0
    }
  }

  /** Nothing goes before `until`: paced requests take their slots after it, unpaced ones wait for it. */
  private hold(until: number): void {
    this.holdUntil = Math.max(this.holdUntil, until)
    this.nextAt = Math.max(this.nextAt, until)
  }

  private learn(rate: number, at: number): void {
    this.learnedRate = rate
    this.learnedAt = at
    this.options.onLearn?.({ learnedRatePerSec: rate })
  }

  private throwIfLocked(operation: string): void {
    if (this.lockedUntil > this.now()) throw this.lockedError(operation)
    if (this.lockedUntil !== 0) {
      this.lockedUntil = 0
      this.lockedWords = undefined
      this.options.onLearn?.({ lockedUntil: undefined, lockedWords: undefined })
    }
  }

  private lockedError(operation: string): FiledockError {
    const left = Math.max(0, this.lockedUntil - this.now())
    const words = this.lockedWords === undefined ? undefined : hostWords(this.lockedWords, '')
    const said = words === undefined ? { said: 'no', words: '' } : { said: 'yes', words }
    return translatedError({ kind: 'rate_limited', operation, status: 429, retryAfterMs: left }, LOCKED_OUT, {
      until: this.lockedUntil,
      ...said,
    })
  }
}

interface Sent {
  at: number
  taken: boolean | null
}

/** Requests kept to read a rate from: the window and the hold after a 429, with room. */
const KEEP_MS = 5000
/** Requests sent this close after the refused one went with it (one burst). */
const SAME_MS = 50

/** Whether a bucket of `rate` tokens, refilled at `rate` a second and full at the first time, takes a token at each. */
function bucketTakesAll(times: readonly number[], rate: number): boolean {
  let level = rate
  let last = times[0] ?? 0
  for (const at of times) {
    level = Math.min(rate, level + ((at - last) / 1000) * rate)
    last = at
    // A hair of tolerance: the send times are ours, the host counts on arrival.
    if (level < 1 - 1e-6) return false
    level -= 1
  }
  return true
}

async function pause(ms: number, operation: string, signal: AbortSignal | undefined): Promise<void> {
  await wait(ms, undefined, signal ? { signal } : {}).catch(() => cancelled(operation))
}

function positive(n: number | undefined): number | undefined {
  return n !== undefined && Number.isFinite(n) && n > 0 ? n : undefined
}

function cancelled(operation: string): never {
  throw cancelledError(operation)
}

const UNIT_MS: Record<string, number> = { second: 1000, minute: 60_000, hour: 3_600_000 }

/**
 * How long a lock-out lasts, from the host's words: "try again in 60 minutes", "locked for 1 hour", "blocked
 * for 30 seconds". Undefined for a plain "Too Many Requests": that is the rate, not a lock-out.
 */
export function lockOutOf(words: string | undefined): number | undefined {
  if (words === undefined) return undefined
  const m =
    /\b(?:try again in|again in|locked (?:out )?for|blocked for|banned for|wait)\s+(\d+(?:\.\d+)?)\s*(second|minute|hour|sec|min|hr|h|m|s)s?\b/i.exec(
      words,
    )
  if (m === null) return undefined
  const unit = (m[2] as string).toLowerCase()
  const ms = UNIT_MS[unit] ?? (unit.startsWith('h') ? 3_600_000 : unit.startsWith('m') ? 60_000 : 1000)
  return Number(m[1]) * ms
}

/**
 * The end of a lock-out as a time of day in the reader's language (`until` is epoch ms), two-digit 24-hour: the
 * skeleton cannot ask for the locale's own hour cycle, and "14:05" reads the same in every language.
 */
const LOCKED_OUT = defineMessage({
  id: 'errors.host.lockedOut',
  defaultMessage:
    'The host has locked this account out until {until, time, ::HHmm}{said, select, yes { (it said: “{words}”)} other {}}. Its work waits until then (while {action}).',
})
