import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { Journal } from '../durable/journal.ts'
import type { FileState } from './stable-files.ts'

export interface SentRecord extends FileState {
  /** `/`-separated path inside the watched folder. */
  relPath: string
  fileCode: string
  /** Epoch ms of the landing. */
  at: number
}

/**
 * What one watch rule has sent, durable across kills: one record per landed file (path, size, mtime → file code)
 * in the project's journal (core/durable/journal.ts). A file is sent again only when its size or mtime changed — a
 * new version under the same name.
 *
 * Decided: every record is flushed to the disk before record() resolves ('every-append'), because the watcher
 * acts on it at once (moves the file to the Done folder, tells the user); the journal's group commit makes a
 * burst of 500 landings a handful of flushes, not 500. The journal is not shared: the rule lock (rule-lock.ts,
 * taken before a watch opens its log) lets one process watch a rule, and the journal refuses a second open in
 * this one, so it has one writer and can be compacted when superseded records pile up. A torn last line from a
 * kill is cut off on open, so the next record starts on a line of its own.
 */
export class SentLog {
  private constructor(
    private readonly journal: Journal,
    private readonly records: Map<string, SentRecord>,
  ) {}

  static async open(path: string): Promise<SentLog> {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 })
    const { journal, lines } = await Journal.open(path, {
      sync: 'every-append',
      label: 'the watch’s sent log',
    })
    const records = new Map<string, SentRecord>()
    for (const line of lines) {
      const record = parseRecord(line)
      if (record) records.set(record.relPath, record)
    }
    const log = new SentLog(journal, records)
    try {
      if (lines.length > 2 * records.size + 100) await journal.compact([...records.values()])
    } catch (error) {
      await journal.close()
      throw error
    }
    return log
  }

  /** Was exactly this version of the file sent? */
  has(relPath: string, state: FileState): boolean {
    const r = this.records.get(relPath)
    return r !== undefined && r.size === state.size && r.mtimeMs === state.mtimeMs
  }

  get count(): number {
    return this.records.size
  }

  /** Resolves once the record is on disk. */
  async record(r: SentRecord): Promise<void> {
    await this.journal.append([r])
    this.records.set(r.relPath, r)
  }

  close(): Promise<void> {
    return this.journal.close()
  }
}

/** A record, or null for a line that is not one (written by hand, or by another version): it is skipped. */
function parseRecord(line: string): SentRecord | null {
  try {
    const v = JSON.parse(line) as Record<string, unknown>
    if (
      typeof v.relPath === 'string' &&
      typeof v.fileCode === 'string' &&
      typeof v.size === 'number' &&
      typeof v.mtimeMs === 'number' &&
      typeof v.at === 'number'
    ) {
      return { relPath: v.relPath, fileCode: v.fileCode, size: v.size, mtimeMs: v.mtimeMs, at: v.at }
    }
  } catch {
    // not JSON: a damaged line in the middle (a torn last line never gets here, the journal cuts it off)
  }
  return null
}
