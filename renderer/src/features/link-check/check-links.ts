import type { AccountView } from '../../../../shared/accounts.ts'
import { MAX_BATCH } from '../../../../shared/ipc/limits.ts'
import { api } from '../../app/bridge.ts'
import { call, errorMessage } from '../../lib/call.ts'
import { mapLimit } from '../../lib/map-limit.ts'
import { accountFor } from './link-account.ts'

export type LinkResult =
  | { state: 'waiting' }
  | { state: 'found'; size: number }
  | { state: 'missing' }
  /** Looks like a link but is not a valid one (no host, a user name in it). */
  | { state: 'invalid' }
  /** None of the user's accounts is on this link's host, so no host can be asked about it. */
  | { state: 'foreign' }
  /** `message` is main's (not translated); null when the host's answer left this link out. */
  | { state: 'error'; message: string | null }

export interface LinkRow {
  link: string
  /** The account whose host was asked; null when none fits. */
  accountId: string | null
  result: LinkResult
}

/** Rows for a fresh check: each link tied to its account, waiting; invalid and foreign links settled at once. */
export function planRows(links: string[], invalid: string[], accounts: readonly AccountView[]): LinkRow[] {
  const rows: LinkRow[] = links.map((link) => {
    const account = accountFor(link, accounts)
    return account
      ? { link, accountId: account.id, result: { state: 'waiting' } }
      : { link, accountId: null, result: { state: 'foreign' } }
  })
  return [
    ...rows,
    ...invalid.map((link): LinkRow => ({ link, accountId: null, result: { state: 'invalid' } })),
  ]
}

/** Calls in flight at once: a long list finishes sooner without flooding the host. */
const CONCURRENT_CALLS = 3

/**
 * Asks each account's host about its links, at most MAX_BATCH per call (the contract's limit), a few calls at a
 * time. `onBatch` gets each batch's results as they come; `cancelled` is asked before and after every call. A
 * failed batch marks only its own links, and the other batches are still asked.
 */
export async function checkRows(
  rows: readonly LinkRow[],
  onBatch: (results: Map<string, LinkResult>) => void,
  cancelled: () => boolean,
): Promise<void> {
  const byAccount = new Map<string, string[]>()
  for (const row of rows) {
    if (row.accountId === null || row.result.state !== 'waiting') continue
    const links = byAccount.get(row.accountId) ?? []
    links.push(row.link)
    byAccount.set(row.accountId, links)
  }
  const batches: { accountId: string; links: string[] }[] = []
  for (const [accountId, links] of byAccount) {
    for (let i = 0; i < links.length; i += MAX_BATCH)
      batches.push({ accountId, links: links.slice(i, i + MAX_BATCH) })
  }
  await mapLimit(batches, CONCURRENT_CALLS, async ({ accountId, links }) => {
    if (cancelled()) return
    const results = await checkBatch(accountId, links)
    if (!cancelled()) onBatch(results)
  })
}

async function checkBatch(accountId: string, batch: string[]): Promise<Map<string, LinkResult>> {
  const results = new Map<string, LinkResult>()
  try {
    const entries = await call(api.files.check({ accountId, urls: batch }))
    const answers = new Map(entries.map((e) => [e.url, e]))
    for (const link of batch) {
      const entry = answers.get(link)
      results.set(
        link,
        entry === undefined
          ? { state: 'error', message: null }
          : entry.found
            ? { state: 'found', size: entry.fileSize }
            : { state: 'missing' },
      )
    }
  } catch (error) {
    for (const link of batch) results.set(link, { state: 'error', message: errorMessage(error) })
  }
  return results
}
