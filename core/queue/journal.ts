import { type FileHandle, open, readFile, rename } from 'node:fs/promises'
import { dirname } from 'node:path'

/**
 * An append-only JSON-lines file with group commit: appends made while a write is in flight share the next
 * write and, when any of them asks for it, one fdatasync. Order of lines is the order of append calls.
 *
 * A crash can cut the last line short; that line was never acknowledged, so reading skips any line that does
 * not parse.
 */
export class JournalFile {
  private pending: { text: string; sync: boolean; done: () => void; fail: (e: unknown) => void }[] = []
  private flushing: Promise<void> | null = null
  private closed = false

  private constructor(
    private readonly fh: FileHandle,
    readonly path: string,
  ) {}

  /** Reads every whole line (skipping torn ones), then opens the file for appending. */
  static async open(path: string): Promise<{ journal: JournalFile; lines: unknown[]; skipped: number }> {
    const { lines, skipped } = await readLines(path)
    const fh = await open(path, 'a')
    return { journal: new JournalFile(fh, path), lines, skipped }
  }

  /** Resolves once the lines are written (and fdatasync'd when `sync`). */
  append(records: readonly unknown[], sync: boolean): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The queue journal is closed.'))
    if (records.length === 0) return Promise.resolve()
    const text = records.map((r) => `${JSON.stringify(r)}\n`).join('')
    return new Promise((done, fail) => {
      this.pending.push({ text, sync, done, fail })
      this.flushing ??= this.flush()
    })
  }

  private async flush(): Promise<void> {
    while (this.pending.length > 0) {
      const group = this.pending
      this.pending = []
      try {
        await this.fh.write(group.map((g) => g.text).join(''))
        if (group.some((g) => g.sync)) await this.fh.datasync()
        for (const g of group) g.done()
      } catch (err) {
        for (const g of group) g.fail(err)
      }
    }
    this.flushing = null
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await this.flushing
    await this.fh.close()
  }
}

async function readLines(path: string): Promise<{ lines: unknown[]; skipped: number }> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return { lines: [], skipped: 0 }
    throw err
  }
  const lines: unknown[] = []
  let skipped = 0
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    try {
      lines.push(JSON.parse(line))
    } catch {
      skipped++
    }
  }
  return { lines, skipped }
}

/**
 * Replaces the file with `records` atomically: a temp file is written and fsync'd, renamed over the old one, and
 * the directory fsync'd, so a crash leaves either the old journal or the new one, never a mix.
 */
export async function rewriteJournal(path: string, records: readonly unknown[]): Promise<void> {
  const tmp = `${path}.compact`
  const fh = await open(tmp, 'w')
  try {
    await fh.write(records.map((r) => `${JSON.stringify(r)}\n`).join(''))
    await fh.sync()
  } finally {
    await fh.close()
  }
  await rename(tmp, path)
  await syncDir(dirname(path))
}

async function syncDir(dir: string): Promise<void> {
  // Directories cannot be opened for fsync on Windows; the rename is still atomic there.
  if (process.platform === 'win32') return
  const fh = await open(dir, 'r')
  try {
    await fh.sync()
  } finally {
    await fh.close()
  }
}
