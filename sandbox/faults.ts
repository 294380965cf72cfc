import type { IncomingMessage, ServerResponse } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { ApiError, markTruncated, sendError } from './envelope.ts'
import type { FaultDice } from './fault-dice.ts'

export interface FaultConfig {
  latencyMs: number
  errorRate: number
  dropRate: number
  truncateRate: number
  nonJsonRate: number
  rateLimitRate: number
  retryAfterSec: number
}

export const noFaults: FaultConfig = {
  latencyMs: 0,
  errorRate: 0,
  dropRate: 0,
  truncateRate: 0,
  nonJsonRate: 0,
  rateLimitRate: 0,
  retryAfterSec: 1,
}

const rateKeys = ['errorRate', 'dropRate', 'truncateRate', 'nonJsonRate', 'rateLimitRate'] as const

/** Merges a partial config into a full one, rejecting values a test could only have meant by mistake. */
export function mergeFaults(base: FaultConfig, patch: Partial<FaultConfig>): FaultConfig {
  const next = { ...base }
  for (const [name, value] of Object.entries(patch) as [keyof FaultConfig, number | undefined][]) {
    if (value === undefined) continue
    if (!(name in noFaults)) throw new Error(`unknown fault ${name}`)
    if (!Number.isFinite(value) || value < 0) throw new Error(`fault ${name} must be a number >= 0`)
    if ((rateKeys as readonly string[]).includes(name) && value > 1)
      throw new Error(`fault ${name} must be 0..1`)
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
