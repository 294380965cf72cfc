import { stat } from 'node:fs/promises'

export interface FileState {
  size: number
  mtimeMs: number
}

interface Tracked {
  last: FileState | null
  /** When this process first saw `last`: the age used when the file's mtime cannot be trusted (future clock). */
  seenAt: number
  timer: NodeJS.Timeout | null
}

/** A second look at a file that already looks old enough, so a write racing the first stat is still seen. */
const CONFIRM_MS = 250

/**
 * Tells when a file has stopped changing: its size and mtime are the same on two looks, and it has not been
 * written for `minAgeMs` (its mtime is that old, or — for an mtime in the future, a skewed clock or a network
 * share — this process has seen it unchanged that long). A file written slowly in chunks keeps moving its mtime,
 * so it is reported only once the writer has been quiet for the whole minimum age.
 */
export class StableFiles {
  private readonly tracked = new Map<string, Tracked>()
  private closed = false

  constructor(
    private readonly minAgeMs: number,
    private readonly onStable: (path: string, state: FileState) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Something happened to the file (added, changed, renamed into place): look again until it settles. */
  track(path: string): void {
    if (this.closed || this.tracked.has(path)) return
    const entry: Tracked = { last: null, seenAt: this.now(), timer: null }
    this.tracked.set(path, entry)
    this.schedule(path, entry, 0)
  }

  forget(path: string): void {
    const entry = this.tracked.get(path)
    if (entry?.timer) clearTimeout(entry.timer)
    this.tracked.delete(path)
  }

  get size(): number {
    return this.tracked.size
  }

  close(): void {
    this.closed = true
    for (const path of [...this.tracked.keys()]) this.forget(path)
  }

  private schedule(path: string, entry: Tracked, delayMs: number): void {
    entry.timer = setTimeout(() => {
      entry.timer = null
      void this.look(path, entry)
    }, delayMs)
  }

  private async look(path: string, entry: Tracked): Promise<void> {
    let st: FileState
    try {
      const s = await stat(path)
      if (!s.isFile()) return this.forget(path)
      st = { size: s.size, mtimeMs: s.mtimeMs }
    } catch {
      return this.forget(path) // gone (renamed away, deleted): its new name is tracked on its own
    }
    if (this.closed || this.tracked.get(path) !== entry) return
    const now = this.now()
    const same = entry.last !== null && entry.last.size === st.size && entry.last.mtimeMs === st.mtimeMs
    if (!same) {
      entry.last = st
      entry.seenAt = now
    }
    const quietFor = Math.max(now - Math.min(st.mtimeMs, now), st.mtimeMs > now ? now - entry.seenAt : 0)
    if (same && quietFor >= this.minAgeMs) {
      this.tracked.delete(path)
      this.onStable(path, st)
      return
    }
    const wait = Math.max(this.minAgeMs - quietFor, Math.min(CONFIRM_MS, this.minAgeMs), same ? 0 : 1)
    this.schedule(path, entry, wait)
  }
}
