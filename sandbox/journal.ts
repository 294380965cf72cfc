import fs from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import { open } from 'node:fs/promises'

interface Waiter {
  resolve: () => void
  reject: (err: unknown) => void
}

/**
 * Append-only JSON-lines log of every mutation. `append` resolves only after the line is written and
 * fdatasync'd, so a route that awaits it before answering never acknowledges something a SIGKILL can lose.
 * Appends that arrive while a sync is running are written together by the next one (group commit): concurrent
 * uploads share one fdatasync instead of queueing one each.
 */
export class Journal<E> {
  private pending: string[] = []
  private waiters: Waiter[] = []
  private flushing: Promise<void> | null = null
  private closed = false

  private constructor(private readonly fh: FileHandle) {}

  /**
   * Opens (creating) the journal and returns the entries already in it. A last line cut short by a crash was
   * never acknowledged (its append had not resolved), so it is dropped and the file truncated back to the last
   * complete line before anything new is appended.
   */
  static async open<E>(file: string): Promise<{ journal: Journal<E>; entries: E[] }> {
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''
    const entries: E[] = []
    let start = 0
    while (start < text.length) {
      const nl = text.indexOf('\n', start)
      if (nl < 0) break
      try {
        entries.push(JSON.parse(text.slice(start, nl)) as E)
      } catch {
        break
      }
      start = nl + 1
    }
    const goodEnd = Buffer.byteLength(text.slice(0, start))
    const fh = await open(file, 'a+')
    const { size } = await fh.stat()
    if (size !== goodEnd) {
      console.error(`sandbox: journal had ${size - goodEnd} bytes of an unfinished entry; dropped them`)
      await fh.truncate(goodEnd)
      await fh.datasync()
    }
    return { journal: new Journal<E>(fh), entries }
  }

  append(entry: E): Promise<void> {
    if (this.closed) return Promise.reject(new Error('journal is closed'))
    this.pending.push(`${JSON.stringify(entry)}\n`)
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }))
    this.flushing ??= this.flush()
    return done
  }

  /** Appends without waiting for the sync: for counters (downloads, views) that nobody acknowledges. */
  note(entry: E): void {
    this.append(entry).catch((err: unknown) => console.error('sandbox: journal write failed', err))
  }

  private async flush(): Promise<void> {
    while (this.pending.length > 0) {
      const data = this.pending.join('')
      const waiters = this.waiters
      this.pending = []
      this.waiters = []
      try {
        await this.fh.appendFile(data)
        await this.fh.datasync()
        for (const w of waiters) w.resolve()
      } catch (err) {
        for (const w of waiters) w.reject(err)
      }
    }
    this.flushing = null
  }

  async close(): Promise<void> {
    this.closed = true
    await this.flushing
    await this.fh.close()
  }
}
