import { setTimeout as wait } from 'node:timers/promises'

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

/**
 * Resolves true after `ms`, or false at once when the signal aborts: an aborted wait is how a stopped queue ends
 * its loops, not a failure, so it resolves where retry.ts's sleep (which cancels a whole call) rejects.
 */
export async function delay(ms: number, signal?: AbortSignal): Promise<boolean> {
  try {
    await wait(ms, undefined, signal ? { signal } : {})
    return true
  } catch (err) {
    if (signal?.aborted) return false
    throw err
  }
}
