import type { SandboxRef } from '../../sandbox/testing/api-calls.ts'
import { round } from './stats.ts'

/**
 * What a sandbox's rate took and refused so far (its faults route counts them; nothing without a rate): the
 * host's own count, as a client in another process (the CLI, the browser host) cannot be counted from here.
 */
export async function hostCounts(host: SandboxRef): Promise<{ taken: number; refused: number }> {
  const answer = await fetch(`${host.baseUrl}/sandbox/faults?key=${host.apiKey}`)
  const faults = (await answer.json()) as { result: { refused?: { rate: number }; taken?: number } }
  return { taken: faults.result.taken ?? 0, refused: faults.result.refused?.rate ?? 0 }
}

/** One run against a host taking `rate` requests a second; taken and refused are the host's counts. */
export interface RateRun {
  seconds: number
  taken: number
  refused: number
  failed: number
}

/** A run's figures against the ideal: every request the host took, taken at exactly its rate. */
export function rateFigures(run: RateRun, rate: number) {
  const ideal = run.taken / rate
  return {
    apiRequestsTaken: run.taken,
    refusedWithA429: run.refused,
    failedOperations: run.failed,
    seconds: round(run.seconds, 1),
    achievedRequestsPerSec: round(run.taken / run.seconds, 2),
    idealSeconds: round(ideal, 1),
    overIdealPercent: round(((run.seconds - ideal) / ideal) * 100, 1),
  }
}
