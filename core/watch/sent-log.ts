import { mkdir, open, readFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { writeFileAtomic } from '../durable/atomic-file.ts'
import type { FileState } from './stable-files.ts'

export interface SentRecord extends FileState {
  /** `/`-separated path inside the watched folder. */
  relPath: string
  fileCode: string
  /** Epoch ms of the landing. */
  at: number
}

/**
 * What one watch rule has sent, durable across kills: one JSON line per landed file (path, size, mtime → file
 * code), fsynced before the watcher acts on it (moving the file to the Done folder, telling the user). A file is
 * sent again only when its size or mtime changed — a new version under the same name. A torn last line from a
 * kill is skipped on reading; the log is rewritten compactly when superseded lines pile up.
 */
export class SentLog {
  /** Records waiting for the next write; one write and one fsync carry all of them (group commit). */
  private waiting: Array<{ line: string; done: () => void; failed: (error: unknown) => void }> = []
  private writing: Promise<void> | null = null

  private constructor(
    private readonly path: string,
    private readonly records: Map<string, SentRecord>,
  ) {}

  static async open(path: string): Promise<SentLog> {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 })
    let text = ''
    try {
      text = await readFile(path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
    const records = new Map<string, SentRecord>()
    let lines = 0
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue
      lines++
      const record = parseRecord(line)
      if (record) records.set(record.relPath, record)
    }
    const log = new SentLog(path, records)
    if (lines > 2 * records.size + 100) await log.compact()
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

  /**
   * Resolves once the record is on disk. Records arriving while a write runs go together in the next one: a
   * burst of 500 landings costs a handful of fsyncs, not 500.
   */
  async record(r: SentRecord): Promise<void> {
    await new Promise<void>((done, failed) => {
      this.waiting.push({ line: `${JSON.stringify(r)}\n`, done, failed })
      this.writing ??= this.flush()
    })
    this.records.set(r.relPath, r)
  }

  private async flush(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting
      this.waiting = []
      try {
        const handle = await open(this.path, 'a', 0o600)
        try {
          await handle.write(batch.map((w) => w.line).join(''))
          await handle.datasync()
        } finally {
          await handle.close()
        }
        for (const w of batch) w.done()
      } catch (error) {
        for (const w of batch) w.failed(error)
      }
    }
    this.writing = null
  }

  private async compact(): Promise<void> {
    const body = [...this.records.values()].map((r) => `${JSON.stringify(r)}\n`).join('')
    await writeFileAtomic(this.path, body)
  }
}

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
    // a line torn by a kill mid-write: its file is looked up again (the queue still holds its finished item)
  }
  return null
}
