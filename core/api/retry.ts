import { setTimeout as wait } from 'node:timers/promises'
import { defineMessage } from '@formatjs/intl'
import { FiledockError } from '../../shared/errors.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import { cancelledError } from './http.ts'

/**
 * Retries for idempotent reads only. Our own small loop rather than p-retry: p-retry's backoff would be added on
 * top of a host's Retry-After, and we want the wait to be the larger of the two, capped, and abortable.
 */
export interface RetryPolicy {
  /** Extra attempts after the first; 0 disables retrying. */
  retries: number
  /** First backoff step; doubles per attempt, with full jitter. */
  baseDelayMs: number
  /** Upper bound of one backoff step. */
  maxDelayMs: number
  /** A Retry-After longer than this is not waited for: the error goes to the caller, who can schedule it. */
  maxRetryAfterMs: number
}

export const defaultRetryPolicy: RetryPolicy = {
  retries: 3,
  baseDelayMs: 300,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 30_000,
}

/**
 * The one answer to "is this failure transient?", asked by withRetries, by a watch whose folder could not be made
 * and by the upload queue (core/queue/failures.ts adds its own verdicts on top): the host or the path to it may do
 * better next time. A 5xx, a cut connection, a timeout, an unreadable answer and a 429 are; a 4xx (or 3xx) is the
 * host's considered refusal and would come back the same. A 'server' failure without a status (the answer only
 * said it failed) is given the benefit of the doubt.
 */
export function isTransient(err: unknown): err is FiledockError {
  if (!(err instanceof FiledockError)) return false
  switch (err.kind) {
    case 'network':
    case 'timeout':
    case 'malformed':
    case 'rate_limited':
      return true
    case 'server':
      return err.status === undefined || err.status >= 500
    default:
      return false
  }
}

export async function withRetries<T>(
  attempt: () => Promise<T>,
  policy: RetryPolicy,
  signal?: AbortSignal,
): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt()
    } catch (err) {
      if (n >= policy.retries || !isTransient(err) || signal?.aborted) throw err
      const backoff = Math.random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** n)
      const asked = err.retryAfterMs
      if (asked !== undefined && asked > policy.maxRetryAfterMs) throw err
      await sleep(Math.max(backoff, asked ?? 0), signal, err.operation)
    }
  }
}

/** Waits `ms`; an abort ends the wait at once with a 'cancelled' error (the caller's whole call is cancelled). */
async function sleep(
  ms: number,
  signal: AbortSignal | undefined,
  operation: string | undefined,
): Promise<void> {
  try {
    await wait(ms, undefined, signal ? { signal } : {})
  } catch (err) {
    if (!signal?.aborted) throw err
    throw operation ? cancelledError(operation) : translatedError({ kind: 'cancelled' }, CANCELLED)
  }
}

/** Retry-After as seconds or an HTTP-date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value
  if (raw === undefined) return undefined
  const text = raw.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const at = Date.parse(text)
  if (Number.isNaN(at)) return undefined
  return Math.max(0, at - now)
}

const CANCELLED = defineMessage({ id: 'errors.api.cancelled', defaultMessage: 'Cancelled.' })
