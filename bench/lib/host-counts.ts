import type { SandboxRef } from '../../sandbox/testing/api-calls.ts'

/**
 * What a sandbox's rate took and refused so far (its faults route counts them; nothing without a rate): the
 * host's own count, as a client in another process (the CLI, the browser host) cannot be counted from here.
 */
export async function hostCounts(host: SandboxRef): Promise<{ taken: number; refused: number }> {
  const answer = await fetch(`${host.baseUrl}/sandbox/faults?key=${host.apiKey}`)
  const faults = (await answer.json()) as { result: { refused?: { rate: number }; taken?: number } }
  return { taken: faults.result.taken ?? 0, refused: faults.result.refused?.rate ?? 0 }
}
