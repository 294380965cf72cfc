/**
 * What the file server did with each direct-link request, per file code: which bytes were asked for, which were
 * announced, how many went out and how the answer ended. Tests read it through GET /sandbox/downloads (e.g. "after
 * a SIGKILL and a resume, no byte range of any file was fetched more than twice"). Kept in memory only, like the
 * faults, and bounded, because the sandbox also runs for weeks as the app's offline account.
 */
export interface ServedRange {
  method: 'GET' | 'HEAD'
  /** The Range and If-Range headers as the client sent them; null when absent. */
  range: string | null
  ifRange: string | null
  status: number
  /** The bytes the answer announced (end inclusive); null when it carries none of the file (4xx, 5xx). */
  start: number | null
  end: number | null
  /**
   * Body bytes handed to the connection (the kernel). Exact once complete, cut or paced; on a plain body still
   * `sending` or `client-gone`, an upper bound (the bytes read from disk). After a `drop` the client may have had
   * fewer, as a reset discards what was still in flight.
   */
  sent: number
  /**
   * `complete`: the answer was sent whole (headers only for HEAD and errors). `drop` / `short`: cut by the
   * download faults (reset / clean close) after `sent` bytes. `client-gone`: the client closed first.
   * `sending`: still going.
   */
  outcome: 'sending' | 'complete' | 'drop' | 'short' | 'client-gone'
  /** When the request arrived, epoch ms. */
  at: number
}

/** Requests kept before the oldest are forgotten (about 200 bytes each). */
export const SERVED_RANGES_KEPT = 100_000

export class ServedRanges {
  private entries: { code: string; acct: number; range: ServedRange }[] = []
  private forgottenCount = 0

  constructor(private readonly keep = SERVED_RANGES_KEPT) {}

  /** Notes a request; the returned record is updated in place as the answer goes out. */
  add(code: string, acct: number, range: Omit<ServedRange, 'sent' | 'outcome'>): ServedRange {
    const entry = { code, acct, range: { ...range, sent: 0, outcome: 'sending' as const } }
    this.entries.push(entry)
    if (this.entries.length > this.keep) {
      // Drop a tenth at once, so a full log costs one copy per keep/10 requests, not one per request.
      const excess = this.entries.length - this.keep + Math.ceil(this.keep / 10)
      this.entries = this.entries.slice(excess)
      this.forgottenCount += excess
    }
    return entry.range
  }

  /** The account's requests grouped by file code, oldest first; only `codes` when given. */
  of(acct: number, codes?: ReadonlySet<string>): Record<string, ServedRange[]> {
    const out: Record<string, ServedRange[]> = {}
    for (const e of this.entries) {
      if (e.acct !== acct || (codes && !codes.has(e.code))) continue
      out[e.code] ??= []
      out[e.code]?.push({ ...e.range })
    }
    return out
  }

  /** Forgets the account's requests (only of `codes` when given). */
  clear(acct: number, codes?: ReadonlySet<string>): void {
    this.entries = this.entries.filter((e) => e.acct !== acct || (codes !== undefined && !codes.has(e.code)))
  }

  /** How many requests (of all accounts) were forgotten to stay within the bound. */
  get forgotten(): number {
    return this.forgottenCount
  }
}
