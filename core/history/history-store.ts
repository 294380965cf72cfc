import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { defineMessages } from '@formatjs/intl'
import type { FiledockError } from '../../shared/errors.ts'
import { type HistoryEntry, type HistoryQuery, isHistoryEntry } from '../../shared/history.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import { pageLinkOf } from '../../shared/links.ts'
import { Journal } from '../durable/journal.ts'
import { serializeEntry } from './history-file.ts'
import { HistoryIndex } from './history-index.ts'

export type { HistoryEntry, HistoryQuery } from '../../shared/history.ts'

export const HISTORY_FILE = 'history.jsonl'
/** Longest time a written record waits for its fdatasync. */
export const SYNC_INTERVAL_MS = 100

/**
 * The upload history: every finished upload, newest last in an append-only JSONL file in the data folder, and
 * all of it in memory for instant search (history-index.ts; 100,000 records load well under a second).
 *
 * Durability, decided: append() resolves once its record is written to the file, so it survives a crash of
 * Filedock and other readers see it. fdatasync runs at most once per SYNC_INTERVAL_MS for everything written
 * since the last one, and on close(): uploads can finish by the hundred per second, and one disk flush per
 * record would cost more than the uploads' own bookkeeping. A power cut can lose at most the last ~100 ms of
 * records; the files themselves are safe on the host.
 *
 * One process writes the file at a time in practice (the app or the CLI). Appends from two processes do not
 * corrupt it (each record is one O_APPEND write), but each process sees only the other's records from before
 * it opened the store.
 */
export class HistoryStore {
  private readonly index = new HistoryIndex()
  /** Where each account's links point now (followLinkBases); absent: links as they were recorded. */
  private linkBaseOf: ((accountId: string) => string | undefined) | undefined

  private constructor(
    private readonly journal: Journal,
    /** Records the file held that could not be read, for a notice; 0 normally. */
    readonly skippedOnLoad: number,
  ) {}

  static async open(dataDir: string): Promise<HistoryStore> {
    await mkdir(dataDir, { recursive: true, mode: 0o700 })
    const opened = await Journal.open(join(dataDir, HISTORY_FILE), {
      sync: { maxDelayMs: SYNC_INTERVAL_MS },
      label: 'the upload history',
      // The app and the CLI may both record uploads; records are never rewritten.
      sharedAppend: true,
    }).catch((error: unknown) => {
      throw ioError('open', error)
    })
    const store = new HistoryStore(opened.journal, opened.skipped)
    for (const line of opened.lines) store.index.addLine(line, opened.ascii)
    return store
  }

  append(entry: HistoryEntry): Promise<void> {
    if (!isHistoryEntry(entry)) {
      return Promise.reject(translatedError({ kind: 'invalid_input' }, TEXT.notARecord))
    }
    const line = serializeEntry(entry)
    // The caller keeps its object; the store keeps (and freezes) its own copy, exactly as written.
    const copy = JSON.parse(line) as HistoryEntry
    return this.journal.appendLines([line]).then(
      () => this.index.addEntry(copy),
      (error: unknown) => {
        throw ioError('write', error)
      },
    )
  }

  /**
   * Links follow the account (issue 19): from now on every record read from the store carries the page link
   * built from its account's link base now (shared/links.ts), not the one recorded at upload time, so history,
   * link packs and link health show the links that work after a link domain moved. A record of an account that
   * is gone keeps its recorded link.
   */
  followLinkBases(linkBaseOf: (accountId: string) => string | undefined): void {
    this.linkBaseOf = linkBaseOf
  }

  /** Newest first; see history-search.ts for what matches. */
  search(q: HistoryQuery = {}): HistoryEntry[] {
    return this.linked(this.index.search(q))
  }

  /** The batch's records in the order they finished. */
  byBatch(batchId: string): HistoryEntry[] {
    return this.linked(this.index.byBatch(batchId))
  }

  private linked(entries: HistoryEntry[]): HistoryEntry[] {
    const baseOf = this.linkBaseOf
    if (baseOf === undefined) return entries
    return entries.map((e) => {
      const base = baseOf(e.accountId)
      if (base === undefined || e.fileCode === '') return e
      const pageLink = pageLinkOf(base, e.fileCode)
      return pageLink === e.pageLink ? e : { ...e, pageLink }
    })
  }

  count(): number {
    return this.index.count()
  }

  /** Writes what is pending, flushes it to disk and closes the file. Safe to call twice. */
  close(): Promise<void> {
    return this.journal.close()
  }
}

function ioError(what: 'open' | 'write', cause: unknown): FiledockError {
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : ''
  const detail = code !== '' ? code : cause instanceof Error ? cause.message : ''
  // No error kind fits a local disk failure better: 'internal' says Filedock could not do its own bookkeeping.
  return translatedError(
    { kind: 'internal', operation: 'history' },
    TEXT.io,
    { what, hasDetail: detail === '' ? 'no' : 'yes', detail },
    { cause },
  )
}

const TEXT = defineMessages({
  notARecord: { id: 'errors.history.notARecord', defaultMessage: 'Not a history record.' },
  io: {
    id: 'errors.history.io',
    defaultMessage:
      'Could not {what, select, open {open} other {write}} the upload history file{hasDetail, select, yes { ({detail})} other {}}.',
  },
})
