/** The least time between two things said about the queue: a screen reader finishes a sentence, then hears news. */
export const ANNOUNCE_INTERVAL_MS = 5_000

/**
 * What the upload queue says through its polite live region (TransferAnnouncer.tsx), without flooding it.
 * Progress changes many times a second; it is said at most once per ANNOUNCE_INTERVAL_MS for the whole queue
 * (one voice for all batches, so several batches never add up to more), the newest figure winning. A finished
 * batch is said at once, and what progress was waiting is dropped: it is older news than the batch's end.
 */
export class ThrottledAnnouncer {
  private lastAt = Number.NEGATIVE_INFINITY
  private lastText = ''
  private pending: string | null = null
  private timer: ReturnType<typeof setTimeout> | null = null

  constructor(private readonly say: (text: string) => void) {}

  progress(text: string): void {
    this.pending = text === this.lastText ? null : text
    if (this.pending === null || this.timer !== null) return
    const wait = this.lastAt + ANNOUNCE_INTERVAL_MS - Date.now()
    if (wait <= 0) this.flush()
    else
      this.timer = setTimeout(() => {
        this.timer = null
        this.flush()
      }, wait)
  }

  finished(text: string): void {
    this.stop()
    this.pending = null
    this.emit(text)
  }

  /** Nothing more is said (the region is gone). */
  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer)
    this.timer = null
  }

  private flush(): void {
    if (this.pending === null) return
    const text = this.pending
    this.pending = null
    this.emit(text)
  }

  private emit(text: string): void {
    this.lastAt = Date.now()
    this.lastText = text
    this.say(text)
  }
}
