import { Journal as DurableJournal } from '../core/durable/journal.ts'
import { parseRecords } from '../core/durable/journal-lines.ts'
import { log } from './log.ts'

/**
 * The sandbox's log of every mutation (core/durable/journal.ts). `append` resolves only after the line is
 * written and fdatasync'd, so a route that awaits it before answering never acknowledges something a SIGKILL or
 * a power cut can lose; concurrent uploads share one fdatasync (group commit).
 */
export class Journal<E extends object> {
  private constructor(private readonly journal: DurableJournal) {}

  /**
   * Opens (creating) the journal and returns the entries already in it. A last line cut short by a crash was
   * never acknowledged (its append had not resolved): it is dropped and the file cut back before anything new
   * is appended. A damaged line in the middle is skipped (and reported), never the entries after it.
   */
  static async open<E extends object>(file: string): Promise<{ journal: Journal<E>; entries: E[] }> {
    const opened = await DurableJournal.open(file, { sync: 'every-append', label: 'the sandbox journal' })
    const { records, skipped } = parseRecords<E>(opened.lines)
    const unreadable = skipped + opened.skipped
    if (unreadable > 0) log.info(`the journal had ${unreadable} unreadable line(s); skipped them`)
    return { journal: new Journal<E>(opened.journal), entries: records }
  }

  append(entry: E): Promise<void> {
    return this.journal.append([entry])
  }

  /** Appends without waiting for the sync: for counters (downloads, views) that nobody acknowledges. */
  note(entry: E): void {
    this.append(entry).catch((err: unknown) => log.error('a journal write failed', err))
  }

  close(): Promise<void> {
    return this.journal.close()
  }
}
