import type { UploadEngine } from '../../core/queue/engine.ts'
import type { QueueItemState, QueueItemView } from '../../shared/queue.ts'
import type { AccountProblem, QueueAccounts } from './accounts.ts'

const UNFINISHED: ReadonlySet<QueueItemState> = new Set([
  'queued',
  'running',
  'retrying',
  'pending',
  'paused',
])

export interface Triage {
  /** Items of earlier runs this run finishes (and failed ones put back in line with --retry-failed). */
  resumed: QueueItemView[]
  /** Per account this run cannot serve: its unfinished items, which stay paused in the queue, and why. */
  waiting: { accountId: string; items: number; problem: AccountProblem }[]
}

/**
 * Before anything runs: what earlier runs left in the queue. Unfinished items of accounts this run can serve
 * are resumed (a Ctrl-C or kill -9 leaves them queued; the CLI never pauses them itself, except below); those of
 * accounts it cannot serve are paused, so they neither block the queue (their client would fail and pause it for
 * everyone) nor get lost: the next run that can serve them resumes them here. Runs while the engine's clientFor
 * is held back (see run.ts), so no item of a wrong account gets to start.
 */
export async function triage(
  engine: UploadEngine,
  accounts: QueueAccounts,
  o: { retryFailed: boolean },
): Promise<Triage> {
  const before = engine.snapshot()
  // A queue paused as a whole can only come from the app (--data pointing at its queue): running the CLI on it
  // is the request to go on.
  if (before.paused?.reason === 'user') await engine.resume()
  const candidates = before.items.filter(
    (i) => UNFINISHED.has(i.state) || (o.retryFailed && i.state === 'failed'),
  )
  const problems = new Map<string, AccountProblem | null>()
  for (const id of new Set(candidates.map((i) => i.accountId))) problems.set(id, await accounts.problemOf(id))

  const ids = new Set<string>()
  const failed: string[] = []
  const waiting = new Map<string, { accountId: string; items: number; problem: AccountProblem }>()
  for (const item of candidates) {
    const problem = problems.get(item.accountId) ?? null
    if (problem !== null) {
      if (item.state === 'failed') continue
      const w = waiting.get(item.accountId) ?? { accountId: item.accountId, items: 0, problem }
      w.items++
      waiting.set(item.accountId, w)
      await engine.pause(item.id)
      continue
    }
    ids.add(item.id)
    if (item.state === 'paused') await engine.resume(item.id)
    else if (item.state === 'failed') failed.push(item.id)
  }
  if (failed.length > 0) await engine.retryFailed(failed)
  const resumed = ids.size === 0 ? [] : engine.snapshot().items.filter((i) => ids.has(i.id))
  return { resumed, waiting: [...waiting.values()] }
}
