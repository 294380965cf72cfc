import { writeFileAtomic } from '../durable/atomic-file.ts'
import { Journal } from '../durable/journal.ts'
import { parseRecords } from '../durable/journal-lines.ts'

const LABEL = 'the upload queue journal'

/**
 * The queue's journal (core/durable/journal.ts): appends that change an item's state wait for a flush, progress
 * notes do not. A crash can cut the last line short; that line was never acknowledged and is dropped on open.
 */
export class JournalFile {
  private constructor(private readonly journal: Journal) {}

  get path(): string {
    return this.journal.path
  }

  /** Reads every whole record (counting the lines that are not), then opens the file for appending. */
  static async open(path: string): Promise<{ journal: JournalFile; lines: unknown[]; skipped: number }> {
    const opened = await Journal.open(path, { sync: 'when-asked', label: LABEL })
    const { records, skipped } = parseRecords<unknown>(opened.lines)
    return { journal: new JournalFile(opened.journal), lines: records, skipped: skipped + opened.skipped }
  }

  /** Resolves once the lines are written (and fdatasync'd when `sync`). */
  append(records: readonly object[], sync: boolean): Promise<void> {
    return this.journal.append(records, { sync })
  }

  /** Replaces the journal with `records` (the state as of this call) while appends go on. */
  compact(records: readonly object[]): Promise<void> {
    return this.journal.compact(records)
  }

  close(): Promise<void> {
    return this.journal.close()
  }
}

/** Replaces the (closed) journal file with `records` atomically: a crash leaves the old one or the new one. */
export async function rewriteJournal(path: string, records: readonly object[]): Promise<void> {
  await writeFileAtomic(path, records.map((r) => `${JSON.stringify(r)}\n`).join(''))
}
