import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { defineMessages } from '@formatjs/intl'
import { type FiledockError, isFiledockError } from '../../shared/errors.ts'
import type { HistoryEntry } from '../../shared/history.ts'
import { causeValues } from '../../shared/i18n/cause-values.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import type { LinkCheckSummary, LinkHealth } from '../../shared/link-health.ts'
import type { ApiClient } from '../api/client.ts'
import { writeFileAtomic } from '../durable/atomic-file.ts'
import { SerialQueue } from '../durable/serial-queue.ts'

export const LINK_HEALTH_FILE = 'link-health.json'
/** files/check takes at most this many URLs per call in this client (the spec shows no limit; see client.ts). */
export const CHECK_BATCH = 100

interface Saved {
  lastRunAt: number | null
  /**
   * entry id → [alive ? 1 : 0, checkedAt, lastAliveAt (0: never)]. Files written before lastAliveAt was kept
   * have two fields; their lastAliveAt is checkedAt where alive, else unknown (never).
   */
  entries: Record<string, [number, number, number]>
}

/**
 * The last answer files/check gave for each history entry, kept beside the history (`link-health.json`, written
 * whole and atomically after every check: a crash keeps the previous results). Checks are batched by account,
 * CHECK_BATCH links per call; a check asked for while one runs waits for it and then runs, so every request is
 * answered with results at least as new as the request.
 */
export class LinkHealthStore {
  private readonly runs = new SerialQueue()

  private constructor(
    private readonly path: string,
    private readonly saved: Saved,
  ) {}

  static async open(historyDir: string): Promise<LinkHealthStore> {
    const path = join(historyDir, LINK_HEALTH_FILE)
    let saved: Saved = { lastRunAt: null, entries: {} }
    try {
      saved = parseSaved(JSON.parse(await readFile(path, 'utf8')))
    } catch {
      // missing or damaged: nothing known yet; the next check writes a good file
    }
    return new LinkHealthStore(path, saved)
  }

  get(id: string): LinkHealth | null {
    const e = this.saved.entries[id]
    return e === undefined
      ? null
      : { id, alive: e[0] === 1, checkedAt: e[1], lastAliveAt: e[2] === 0 ? null : e[2] }
  }

  /** When the last check of the whole history finished; the schedule counts from it. */
  get lastRunAt(): number | null {
    return this.saved.lastRunAt
  }

  check(
    entries: readonly HistoryEntry[],
    clientFor: (accountId: string) => Promise<ApiClient>,
    o: { whole?: boolean; now?: () => number } = {},
  ): Promise<LinkCheckSummary> {
    return this.runs.run(async () => {
      const now = o.now ?? Date.now
      const summary: LinkCheckSummary = {
        checked: 0,
        alive: 0,
        gone: 0,
        unchecked: 0,
        problems: [],
        finishedAt: 0,
      }
      const byAccount = new Map<string, HistoryEntry[]>()
      for (const e of entries) {
        const list = byAccount.get(e.accountId)
        if (list) list.push(e)
        else byAccount.set(e.accountId, [e])
      }
      for (const [accountId, list] of byAccount) {
        let done = 0
        try {
          const client = await clientFor(accountId)
          for (let i = 0; i < list.length; i += CHECK_BATCH) {
            const batch = list.slice(i, i + CHECK_BATCH)
            const answers = await client.filesCheck(batch.map((e) => e.pageLink))
            const at = now()
            batch.forEach((e, n) => {
              const alive = answers[n]?.found === true
              // A link found gone keeps the time it was last found alive: "gone since about then".
              this.saved.entries[e.id] = [
                alive ? 1 : 0,
                at,
                alive ? at : (this.saved.entries[e.id]?.[2] ?? 0),
              ]
              summary.checked++
              done++
              if (alive) summary.alive++
              else summary.gone++
            })
          }
        } catch (error) {
          // Batches answered before the failure keep their results; the rest keep their earlier ones.
          summary.unchecked += list.length - done
          const label = list[0]?.accountLabel ?? accountId
          const problem = accountProblem(label, error)
          summary.problems.push(problem.message)
          summary.problemErrors = [...(summary.problemErrors ?? []), problem.toJSON()]
        }
      }
      summary.finishedAt = now()
      if (o.whole) this.saved.lastRunAt = summary.finishedAt
      await writeFileAtomic(this.path, JSON.stringify(this.saved))
      return summary
    })
  }
}

function parseSaved(value: unknown): Saved {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>
  const entries: Saved['entries'] = {}
  const raw =
    typeof v.entries === 'object' && v.entries !== null ? (v.entries as Record<string, unknown>) : {}
  for (const [id, e] of Object.entries(raw)) {
    if (!Array.isArray(e) || (e[0] !== 0 && e[0] !== 1) || typeof e[1] !== 'number') continue
    const lastAlive = typeof e[2] === 'number' ? e[2] : e[0] === 1 ? e[1] : 0
    entries[id] = [e[0], e[1], lastAlive]
  }
  return { lastRunAt: typeof v.lastRunAt === 'number' ? v.lastRunAt : null, entries }
}

/** Why an account's links could not be checked, its failure's words in the reader's language when they can be. */
function accountProblem(account: string, error: unknown): FiledockError {
  const operation = isFiledockError(error) ? error.operation : undefined
  return translatedError(
    {
      kind: isFiledockError(error) ? error.kind : 'internal',
      ...(operation !== undefined ? { operation } : {}),
    },
    TEXT.accountProblem,
    { ...causeValues(error), account },
  )
}

const TEXT = defineMessages({
  accountProblem: { id: 'history.linkCheck.accountProblem', defaultMessage: '{account}: {cause}' },
})
