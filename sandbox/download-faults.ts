import type { FaultDice } from './fault-dice.ts'
import type { FaultConfig } from './faults.ts'

/**
 * The download faults, rolled on the sandbox's one seeded dice (fault-dice.ts), so FILEDOCK_FAULT_SEED replays
 * them like the API's. A rate of 0 rolls nothing, so faults that are off do not shift the others' rolls. Each
 * direct-link request rolls, in this order: 429, then 5xx (like a proxy in front of the file server: before the
 * link is looked at); then, for a link that works, ignore-Range; then, for a GET with a non-empty body, drop and
 * short, and where in the body the cut falls.
 */

/** The status a proxy in front of the file server answers instead of it, or null to let the request through. */
export function rollRefusal(f: FaultConfig, dice: FaultDice): 429 | 500 | 502 | 503 | null {
  if (dice.chance(f.downloadRateLimitRate)) return 429
  if (dice.chance(f.downloadErrorRate)) return dice.pick([500, 502, 503] as const)
  return null
}

/** Whether this answer ignores Range and If-Range, as hosts behind some proxies and CDNs do. */
export function rollIgnoreRange(f: FaultConfig, dice: FaultDice): boolean {
  return dice.chance(f.ignoreRangeRate)
}

/**
 * How a body is cut: `drop` resets the connection (TCP RST, the client sees ECONNRESET), `short` closes it cleanly
 * (FIN, the client sees the body end early). Either way the connection ends after `after` of the announced bytes.
 */
export interface Cut {
  how: 'drop' | 'short'
  after: number
}

/** The cut of a body of `length` bytes, or null to send it whole. */
export function rollCut(f: FaultConfig, dice: FaultDice, length: number): Cut | null {
  if (length === 0) return null
  if (dice.chance(f.downloadDropRate)) return { how: 'drop', after: dice.below(length) }
  if (dice.chance(f.downloadShortRate)) return { how: 'short', after: dice.below(length) }
  return null
}
