import { FiledockError } from '../../shared/errors.ts'
import type { ApiClient } from '../api/client.ts'
import { delay } from './backoff.ts'

export interface ProbeOptions {
  /** First wait between probes while offline; doubles up to maxMs. Default 1 s. */
  baseMs: number
  maxMs: number
}

export const defaultProbe: ProbeOptions = { baseMs: 1_000, maxMs: 30_000 }

/**
 * Tells a flaky request from a host that is gone. When an item fails with a network error or time-out, the
 * engine asks `isOffline`: one probe (account/info, which the client retries itself) settles it for every item
 * that failed meanwhile. A failed probe declares the host unreachable: `onOffline` pauses the queue, and probes
 * continue with backoff until one succeeds, then `onOnline` resumes it.
 */
export class Connectivity {
  private probing: Promise<boolean> | null = null
  private offlineAccount: string | null = null
  private stopped = false
  private readonly stop = new AbortController()

  constructor(
    private readonly clientFor: (accountId: string) => Promise<ApiClient>,
    private readonly o: ProbeOptions,
    private readonly onOffline: (accountId: string, error: FiledockError) => void,
    private readonly onOnline: (accountId: string) => void,
  ) {}

  get offline(): boolean {
    return this.offlineAccount !== null
  }

  /** Resolves true when the host of `accountId` is unreachable (the queue is then paused), false if it answers. */
  isOffline(accountId: string): Promise<boolean> {
    if (this.offlineAccount !== null) return Promise.resolve(true)
    this.probing ??= this.probeOnce(accountId).finally(() => {
      this.probing = null
    })
    return this.probing
  }

  close(): void {
    this.stopped = true
    this.stop.abort()
  }

  private async probeOnce(accountId: string): Promise<boolean> {
    const failure = await this.probe(accountId)
    if (failure === null || this.stopped) return false
    this.offlineAccount = accountId
    this.onOffline(accountId, failure)
    void this.waitForHost(accountId)
    return true
  }

  private async waitForHost(accountId: string): Promise<void> {
    let wait = this.o.baseMs
    while (!this.stopped) {
      if (!(await delay(wait, this.stop.signal))) return
      if ((await this.probe(accountId)) === null) break
      wait = Math.min(this.o.maxMs, wait * 2)
    }
    if (this.stopped) return
    this.offlineAccount = null
    this.onOnline(accountId)
  }

  /** null when the host answered (even with an error of its own: it is reachable), else the network failure. */
  private async probe(accountId: string): Promise<FiledockError | null> {
    try {
      await (await this.clientFor(accountId)).accountInfo({ signal: this.stop.signal })
      return null
    } catch (err) {
      if (err instanceof FiledockError && (err.kind === 'network' || err.kind === 'timeout')) return err
      return null
    }
  }
}
