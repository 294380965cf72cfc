import type { QueuePause } from '../../shared/queue.ts'

export type Outcome =
  | { kind: 'idle' }
  | { kind: 'interrupted' }
  /** The host rejected a key: every upload of the account would fail the same way. */
  | { kind: 'auth'; message: string }
  /** The host stayed unreachable for the whole offline wait. */
  | { kind: 'offline'; accountId: string | undefined }

/**
 * How a run ends. The engine pauses the whole queue on a rejected key (until someone fixes it) or an unreachable
 * host (until it answers again) and would wait forever; a command line must end. A rejected key ends the run at
 * once; an unreachable host after `offlineWaitMs` of pause, as a network drop of a few seconds should not cost a
 * rerun. Either way the items stay queued for the next run.
 */
export class RunWaiter {
  private pause: QueuePause | null = null
  private settle: ((o: Outcome) => void) | null = null
  private offlineTimer: NodeJS.Timeout | undefined

  constructor(private readonly offlineWaitMs: number) {}

  /** From queue.paused events (a listener from the engine's opening on, so no pause is missed). */
  paused(pause: QueuePause): void {
    this.pause = pause
    this.check()
  }

  resumed(): void {
    this.pause = null
    clearTimeout(this.offlineTimer)
    this.offlineTimer = undefined
  }

  wait(idle: Promise<void>, signal: AbortSignal): Promise<Outcome> {
    return new Promise<Outcome>((resolve) => {
      const onAbort = () => finish({ kind: 'interrupted' })
      const finish = (o: Outcome) => {
        if (this.settle === null) return
        this.settle = null
        clearTimeout(this.offlineTimer)
        signal.removeEventListener('abort', onAbort)
        resolve(o)
      }
      this.settle = finish
      signal.addEventListener('abort', onAbort, { once: true })
      if (signal.aborted) return onAbort()
      void idle.then(() => finish({ kind: 'idle' }))
      this.check()
    })
  }

  private check(): void {
    const { pause, settle } = this
    if (pause === null || settle === null) return
    if (pause.reason === 'auth') settle({ kind: 'auth', message: pause.message })
    else if (pause.reason === 'offline' && this.offlineTimer === undefined) {
      this.offlineTimer = setTimeout(
        () => settle({ kind: 'offline', accountId: pause.accountId }),
        this.offlineWaitMs,
      )
    }
  }
}
