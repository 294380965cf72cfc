import type { IncomingMessage, ServerResponse } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { ApiError, markTruncated, sendError } from './envelope.ts'
import type { FaultDice } from './fault-dice.ts'

/**
 * How the sandbox misbehaves. The first six act on /api/* and the upload form (applyFaults below); the
 * `download…` ones and `ignoreRangeRate` act on direct-link downloads only (download-faults.ts), so a test can
 * make the API flaky and the file server sound, or the reverse; `retryAfterSec` serves both 429s. The last two
 * shape direct links: how long they live and what an expired one answers.
 */
export interface FaultConfig {
  latencyMs: number
  errorRate: number
  dropRate: number
  truncateRate: number
  nonJsonRate: number
  rateLimitRate: number
  retryAfterSec: number
  /** A download's connection is reset (TCP RST) after a random part of its body. */
  downloadDropRate: number
  /** A download ends cleanly (FIN) after a random part of its body, short of its Content-Length. */
  downloadShortRate: number
  /** A download is answered 500, 502 or 503 (a plain-text page), before the link is even looked at. */
  downloadErrorRate: number
  /** A download is answered 429 with `Retry-After: retryAfterSec`. */
  downloadRateLimitRate: number
  /** A download's Range (and If-Range) is ignored: 200 with the whole body, no `Accept-Ranges`. */
  ignoreRangeRate: number
  /** Bodies of downloads are paced to this many bytes per second each, like nginx's limit_rate; 0 = no limit. */
  downloadBytesPerSec: number
  /** Lifetime of a direct link issued from now on (file/direct_link); default 6 hours. */
  directLinkTtlSec: number
  /** What an expired direct link answers: 403 (default, as the issue's file servers do) or 410. */
  expiredLinkStatus: number
}

export const noFaults: FaultConfig = {
  latencyMs: 0,
  errorRate: 0,
  dropRate: 0,
  truncateRate: 0,
  nonJsonRate: 0,
  rateLimitRate: 0,
  retryAfterSec: 1,
  downloadDropRate: 0,
  downloadShortRate: 0,
  downloadErrorRate: 0,
  downloadRateLimitRate: 0,
  ignoreRangeRate: 0,
  downloadBytesPerSec: 0,
  directLinkTtlSec: 6 * 3600,
  expiredLinkStatus: 403,
}

const rateKeys = [
  'errorRate',
  'dropRate',
  'truncateRate',
  'nonJsonRate',
  'rateLimitRate',
  'downloadDropRate',
  'downloadShortRate',
  'downloadErrorRate',
  'downloadRateLimitRate',
  'ignoreRangeRate',
] as const

/** Statuses an expired link may answer: real file servers answer 403 or 410 (nginx's secure_link examples). */
const expiredStatuses = [403, 410]

/** Merges a partial config into a full one, rejecting values a test could only have meant by mistake. */
export function mergeFaults(base: FaultConfig, patch: Partial<FaultConfig>): FaultConfig {
  const next = { ...base }
  for (const [name, value] of Object.entries(patch) as [keyof FaultConfig, number | undefined][]) {
    if (value === undefined) continue
    if (!(name in noFaults)) throw new Error(`unknown fault ${name}`)
    if (!Number.isFinite(value) || value < 0) throw new Error(`fault ${name} must be a number >= 0`)
    if ((rateKeys as readonly string[]).includes(name) && value > 1)
      throw new Error(`fault ${name} must be 0..1`)
    if (name === 'expiredLinkStatus' && !expiredStatuses.includes(value))
      throw new Error(`fault ${name} must be one of ${expiredStatuses.join(', ')}`)
    next[name] = value
  }
  return next
}

/** Query parameter names of GET /sandbox/faults and the config field each sets. */
export const faultParams: Record<string, keyof FaultConfig> = {
  latency_ms: 'latencyMs',
  error_rate: 'errorRate',
  drop_rate: 'dropRate',
  truncate_rate: 'truncateRate',
  non_json_rate: 'nonJsonRate',
  rate_limit_rate: 'rateLimitRate',
  retry_after_sec: 'retryAfterSec',
  download_drop_rate: 'downloadDropRate',
  download_short_rate: 'downloadShortRate',
  download_error_rate: 'downloadErrorRate',
  download_rate_limit_rate: 'downloadRateLimitRate',
  ignore_range_rate: 'ignoreRangeRate',
  download_bytes_per_sec: 'downloadBytesPerSec',
  direct_link_ttl_sec: 'directLinkTtlSec',
  expired_link_status: 'expiredLinkStatus',
}

/**
 * Applies the faults to one request before it is handled. Returns true when the fault answered (or dropped) the
 * request, which then must not be handled: the drop, 429, 5xx and HTML faults act like a proxy in front of the
 * host, so the operation has no effect. The truncate fault is different: the operation runs and only its answer
 * is cut, as when a backend dies mid-response (an upload is then stored though the client never learns its code).
 */
export async function applyFaults(
  f: FaultConfig,
  dice: FaultDice,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  if (f.latencyMs > 0) await sleep(f.latencyMs)
  if (dice.chance(f.dropRate)) {
    req.socket.destroy()
    return true
  }
  // Answer without reading the body; drain it so the client can read the answer instead of seeing EPIPE.
  // (No `Connection: close`: Node would then drop the socket mid-body.)
  const refuse = () => {
    req.resume()
  }
  if (dice.chance(f.rateLimitRate)) {
    refuse()
    const err = new ApiError(429, 'Too many requests', 429)
    sendError(res, err, { 'Retry-After': String(Math.round(f.retryAfterSec)) })
    return true
  }
  if (dice.chance(f.errorRate)) {
    refuse()
    const http = dice.pick([500, 502, 503])
    sendError(res, new ApiError(http, 'Internal server error', http))
    return true
  }
  if (dice.chance(f.nonJsonRate)) {
    refuse()
    const page = Buffer.from(
      '<html><head><title>502 Bad Gateway</title></head><body>502 Bad Gateway</body></html>',
    )
    res.writeHead(dice.pick([200, 502]), { 'Content-Type': 'text/html', 'Content-Length': page.length })
    res.end(page)
    return true
  }
  if (dice.chance(f.truncateRate)) markTruncated(res, dice.pick(['short', 'cut'] as const))
  return false
}
