import type { FaultDice } from './fault-dice.ts'
import type { FaultConfig } from './faults.ts'
import type { HostLimits } from './host-limits.ts'
import type { Journal } from './journal.ts'
import type { Entry } from './model.ts'
import type { ServedRanges } from './served-ranges.ts'
import type { Store } from './store.ts'
import type { HostVariant } from './variants.ts'

/** What every route gets: the state, its journal, and the sandbox's settings. */
export interface Ctx {
  store: Store
  journal: Journal<Entry>
  baseUrl: string
  blobsDir: string
  tmpDir: string
  sessionTtlMs: number
  remoteFetchTimeoutMs: number
  faults: FaultConfig
  /** Rolls the faults; seeded, so a run can be replayed (fault-dice.ts). */
  faultDice: FaultDice
  /** Aborted by close(): stops remote fetches still running. */
  shutdown: AbortController
  /** Background work (remote fetches) that close() waits for. */
  tasks: Set<Promise<void>>
  /** file/list's per_page ceiling (real hosts clamp, often to 100); changeable at run time. */
  maxPerPage: number
  /** What the file server did with each direct-link request (GET /sandbox/downloads). */
  served: ServedRanges
  /** How this host departs from the spec (variants.ts); the spec's by default. */
  variant: HostVariant
  /** The rate and lock-out of the variants that have them, per key. */
  limits: HostLimits
  /** Upload sessions that took their one upload (the `server-per-file` variant). */
  usedSessions: Set<string>
  /**
   * Changes the variant (variants.ts) and, before it resolves, listens on any new link host: a link handed out
   * must answer. Set by server.ts.
   */
  setVariant(patch: Partial<HostVariant>): Promise<void>
  /** The link base the cached list records were written with (records.ts); they are rewritten when it moves. */
  recordsLinkBase: string
}

/** Applies entries and resolves once they are durable: await it before acknowledging anything. */
export async function commit(ctx: Ctx, ...entries: Entry[]): Promise<void> {
  for (const e of entries) ctx.store.apply(e)
  await Promise.all(entries.map((e) => ctx.journal.append(e)))
}

/** Applies an entry that nobody acknowledges (download and view counters) and journals it without waiting. */
export function record(ctx: Ctx, entry: Entry): void {
  ctx.store.apply(entry)
  ctx.journal.note(entry)
}

/** Runs background work that close() must wait for. */
export function spawn(ctx: Ctx, work: Promise<void>): void {
  const task = work.finally(() => ctx.tasks.delete(task))
  ctx.tasks.add(task)
}
