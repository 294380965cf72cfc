import { Journal as DurableJournal } from '../core/durable/journal.ts'
import { parseRecords } from '../core/durable/journal-lines.ts'
import { log } from './log.ts'

/** A journal shorter than this is never compacted: rewriting it would cost more than replaying it. */
export const DEFAULT_COMPACT_AT = 20_000

export interface JournalCompaction<E> {
  /** The entries rewritten as fewer that replay to the same state (see compact-journal.ts). */
  fold(entries: readonly E[]): E[]
  /** Compact once the journal holds this many lines (and twice as many as after the last compaction). */
  minLines: number
}

/**
 * The sandbox's log of every mutation (core/durable/journal.ts). `append` resolves only after the line is
 * written and fdatasync'd, so a route that awaits it before answering never acknowledges something a SIGKILL or
 * a power cut can lose; concurrent uploads share one fdatasync (group commit).
 *
 * Compaction happens both at start and while running: at start because a journal that grew in earlier runs
 * costs every later start its replay; while running because a long-lived sandbox (the app's offline account)
 * may never restart. It replaces the file atomically (a temp file, fsynced, renamed over it), so a kill at any
 * moment leaves the old journal or the compacted one, each the whole state; a temp file left by a kill is
 * removed at the next start (core/durable/journal.ts).
 */
export class Journal<E extends object> {
  /** The journal's entries as they stand in the file (once compacted, the compacted ones). */
  private entries: E[]
  private compactAt: number

  private constructor(
    private readonly journal: DurableJournal,
    entries: E[],
    private readonly compaction: JournalCompaction<E> | null,
  ) {
    this.entries = entries
    this.compactAt = compaction?.minLines ?? Number.POSITIVE_INFINITY
  }

  /**
   * Opens (creating) the journal and returns the entries already in it. A last line cut short by a crash was
   * never acknowledged (its append had not resolved): it is dropped and the file cut back before anything new
   * is appended. A damaged line in the middle is skipped (and reported), never the entries after it.
   * `compaction` is applied by compactIfDue: the caller first replays the entries (folding needs the state).
   */
  static async open<E extends object>(
    file: string,
    compaction: JournalCompaction<E> | null = null,
  ): Promise<{ journal: Journal<E>; entries: E[] }> {
    const opened = await DurableJournal.open(file, { sync: 'every-append', label: 'the sandbox journal' })
    const { records, skipped } = parseRecords<E>(opened.lines)
    const unreadable = skipped + opened.skipped
    if (unreadable > 0) log.info(`the journal had ${unreadable} unreadable line(s); skipped them`)
    return { journal: new Journal<E>(opened.journal, records, compaction), entries: records }
  }

  /**
   * Appends one entry. A compaction that this append makes due is queued right behind it in the same tick, so
   * the compacted entries include it and nothing appended later is lost (see DurableJournal.compact).
   */
  append(entry: E): Promise<void> {
    this.entries.push(entry)
    const written = this.journal.append([entry])
    this.compactIfDue().catch((err: unknown) =>
      log.error('compacting the journal failed; it stays as it was', err),
    )
    return written
  }

  /** Appends without waiting for the sync: for counters (downloads, views) that nobody acknowledges. */
  note(entry: E): void {
    this.append(entry).catch((err: unknown) => log.error('a journal write failed', err))
  }

  /** Lines in the journal now (for tests and the README's figures). */
  get length(): number {
    return this.entries.length
  }

  close(): Promise<void> {
    return this.journal.close()
  }

  /**
   * Compacts if the journal has grown past the threshold. Called after each append, and by the server once it
   * has replayed the journal at start, before it serves a request. A failed compaction leaves the old file in
   * use, whole.
   */
  compactIfDue(): Promise<void> {
    if (this.compaction === null || this.entries.length < this.compactAt) return Promise.resolve()
    const before = this.entries.length
    const folded = this.compaction.fold(this.entries)
    // Twice what is left before the next one: a journal that does not shrink much is not rewritten over and over.
    this.compactAt = Math.max(this.compaction.minLines, 2 * folded.length)
    if (folded.length >= before) return Promise.resolve()
    this.entries = folded
    log.info(`compacting the journal: ${before} → ${folded.length} lines`)
    return this.journal.compact(folded)
  }
}
