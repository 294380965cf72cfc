/** How failed items are retried. */
export interface RetryOptions {
  /** Attempts in all, the first included; the item fails after this many failures. Default 8. */
  attempts: number
  /** First backoff step; doubles per failure. Default 1 s. */
  baseMs: number
  /** Upper bound of one step (before a host's Retry-After, which may be longer). Default 2 min. */
  maxMs: number
}

export const defaultRetry: RetryOptions = { attempts: 8, baseMs: 1_000, maxMs: 120_000 }

/**
 * Exponential backoff with "equal jitter": half the step is fixed, half random, so retries of many items that
 * failed together spread out but none comes back almost at once. A host's Retry-After is honoured as a floor.
 */
export function backoffMs(
  failures: number,
  o: RetryOptions,
  retryAfterMs?: number,
  random = Math.random,
): number {
  const step = Math.min(o.maxMs, o.baseMs * 2 ** Math.max(0, failures - 1))
  const jittered = step / 2 + random() * (step / 2)
  return Math.max(jittered, retryAfterMs ?? 0)
}

/** Resolves after `ms`, or at once (false) when the signal aborts. */
export function delay(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false)
    const onAbort = () => {
      clearTimeout(timer)
      resolve(false)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve(true)
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
