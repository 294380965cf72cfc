import type { FiledockError } from '../../shared/errors.ts'
import { cancelledError } from '../api/http.ts'
import { UPLOAD_OPERATION } from '../api/multipart-upload.ts'

/**
 * One bandwidth limit shared by every transfer of one direction (the engine has one for uploads and one for
 * downloads; `operation` names the direction's transfers in its cancel error): a token bucket in "virtual time" (GCRA). Each take reserves
 * its bytes at the limit's rate after the reservations before it, so transfers share the rate in arrival order;
 * a burst of `burstMs` worth of bytes may go at once so a lone transfer is not slowed by timer granularity.
 *
 * Changing the limit wakes every waiter so it re-reserves at the new rate at once (a slot computed at a
 * previous, lower rate would otherwise stall a transfer long after the limit was raised or lifted).
 */
export class TokenBucket {
  private tat = 0
  private readonly waiters = new Set<() => void>()

  constructor(
    private rate: number | null,
    private readonly operation: string = UPLOAD_OPERATION,
    private readonly burstMs = 100,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get bytesPerSec(): number | null {
    return this.rate
  }

  /** A limit is set: takes may wait (without one, every take returns at once). */
  get limited(): boolean {
    return this.rate !== null && this.rate > 0
  }

  setRate(bytesPerSec: number | null): void {
    this.rate = bytesPerSec
    this.tat = this.now()
    for (const wake of [...this.waiters]) wake()
  }

  async take(bytes: number, signal?: AbortSignal): Promise<void> {
    for (;;) {
      if (signal?.aborted) throw this.cancelled()
      const rate = this.rate
      if (rate === null || rate <= 0) return
      const now = this.now()
      const start = Math.max(this.tat, now)
      const wait = start + (bytes / rate) * 1000 - now - this.burstMs
      if (wait <= 0) {
        this.tat = start + (bytes / rate) * 1000
        return
      }
      // Reserve now so later takers queue behind us; a rate change discards reservations (tat reset).
      this.tat = start + (bytes / rate) * 1000
      const rateChanged = await this.sleep(wait, signal)
      if (!rateChanged) return
    }
  }

  /** Resolves true when woken by a rate change (the caller must re-reserve), false when the time is up. */
  private sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
    return new Promise((resolve, reject) => {
      const finish = (woken: boolean) => {
        clearTimeout(timer)
        this.waiters.delete(wake)
        signal?.removeEventListener('abort', onAbort)
        resolve(woken)
      }
      const wake = () => finish(true)
      const onAbort = () => {
        clearTimeout(timer)
        this.waiters.delete(wake)
        reject(this.cancelled())
      }
      const timer = setTimeout(() => finish(false), ms)
      this.waiters.add(wake)
      signal?.addEventListener('abort', onAbort, { once: true })
    })
  }

  /** "Cancelled while uploading a file." / "… downloading a file.", with the direction's operation. */
  private cancelled(): FiledockError {
    return cancelledError(this.operation)
  }
}
