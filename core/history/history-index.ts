import {
  HISTORY_DEFAULT_LIMIT,
  HISTORY_MAX_LIMIT,
  type HistoryEntry,
  type HistoryQuery,
  isHistoryEntry,
} from '../../shared/history.ts'
import { nfc, rawField, searchableText, textMatcher } from './history-search.ts'

/**
 * The history in memory, oldest first. A record loaded from disk stays an unparsed line until a search or
 * batch lookup reaches it (see history-file.ts for why); then it is parsed once, checked, and the line is
 * dropped, so memory never holds both forms. Records appended in this session are stored parsed.
 *
 * count() counts record lines. A line that looks like a record but is not one (only a hand edit makes such a
 * line: a torn write is cut off at load) is counted until it is first parsed, then forgotten.
 */
export class HistoryIndex {
  /** The unparsed line, or null once parsed. */
  private readonly raw: Array<string | null> = []
  /** NFC form of an unparsed line when it differs from the line (decomposed text); for the raw filter. */
  private readonly rawNfc = new Map<number, string>()
  /** undefined: not parsed yet; null: not a record. */
  private readonly parsed: Array<HistoryEntry | null | undefined> = []
  private readonly searchable: Array<string | undefined> = []
  private broken = 0

  /** `ascii`: the caller knows the line is pure ASCII (so already NFC): saves a check per line. */
  addLine(line: string, ascii: boolean): void {
    const i = this.raw.length
    this.raw.push(line)
    this.parsed.push(undefined)
    this.searchable.push(undefined)
    if (ascii) return
    const normal = nfc(line)
    if (normal !== line) this.rawNfc.set(i, normal)
  }

  /** `entry` must be a record no one else holds (it is frozen here). */
  addEntry(entry: HistoryEntry): void {
    this.raw.push(null)
    this.parsed.push(Object.freeze(entry))
    this.searchable.push(searchableText(entry))
  }

  count(): number {
    return this.raw.length - this.broken
  }

  /** Newest first. */
  search(q: HistoryQuery): HistoryEntry[] {
    const matcher = textMatcher(q.text)
    const account = q.accountId === undefined ? null : rawField('accountId', q.accountId)
    const limit = Math.min(Math.max(Math.trunc(q.limit ?? HISTORY_DEFAULT_LIMIT), 0), HISTORY_MAX_LIMIT)
    let toSkip = Math.max(Math.trunc(q.offset ?? 0), 0)
    const out: HistoryEntry[] = []
    for (let i = this.raw.length - 1; i >= 0 && out.length < limit; i--) {
      const line = this.raw[i]
      if (line != null) {
        if (account !== null && !line.includes(account)) continue
        if (matcher && !matcher.raw.test(this.rawNfc.get(i) ?? line)) continue
      }
      const entry = this.entry(i)
      if (!entry) continue
      if (q.accountId !== undefined && entry.accountId !== q.accountId) continue
      if (matcher && !matcher.exact.test(this.searchable[i] as string)) continue
      if (toSkip > 0) toSkip--
      else out.push(entry)
    }
    return out
  }

  /** The batch's records in the order they finished. */
  byBatch(batchId: string): HistoryEntry[] {
    const needle = rawField('batchId', batchId)
    const out: HistoryEntry[] = []
    for (let i = 0; i < this.raw.length; i++) {
      const line = this.raw[i]
      if (line != null && !line.includes(needle)) continue
      const entry = this.entry(i)
      if (entry?.batchId === batchId) out.push(entry)
    }
    return out
  }

  private entry(i: number): HistoryEntry | null {
    const known = this.parsed[i]
    if (known !== undefined) return known
    let value: unknown = null
    try {
      value = JSON.parse(this.raw[i] as string)
    } catch {
      // Counted as broken below.
    }
    this.raw[i] = null
    this.rawNfc.delete(i)
    if (!isHistoryEntry(value)) {
      this.parsed[i] = null
      this.broken++
      return null
    }
    this.parsed[i] = Object.freeze(value)
    this.searchable[i] = searchableText(value)
    return value
  }
}
