import type { IntlShape } from 'react-intl'
import type { HistoryEntry } from '../../../../shared/history.ts'

/** A heading over the files of one upload (a drop, a CLI run), with the ids of its loaded entries. */
export interface BatchHeading {
  kind: 'batch'
  batchId: string
  /** When its newest loaded file finished. */
  finishedAt: string
  /** Every loaded entry of the batch, wherever it sits in the list: what "Check links" checks. */
  ids: string[]
  /** Of those, files that were already there: nothing was sent for them. */
  alreadyThere: number
  /**
   * The account most of its loaded files went to: what its Download… fetches from. A drop mirrored to several
   * accounts put the same files on each, so one account's copies are the batch's files.
   */
  accountId: string
}

export type HistoryItem = BatchHeading | { kind: 'entry'; entry: HistoryEntry }

/**
 * The history list as shown: its entries (newest first) with a heading where a new upload batch begins. Two
 * batches that ran at once interleave in finishing order; each run of one batch gets a heading, and every
 * heading of a batch names all of that batch's loaded entries, so checking from any of them checks the whole
 * batch as far as it is loaded.
 */
export function historyItems(entries: readonly HistoryEntry[]): HistoryItem[] {
  const idsOf = new Map<string, string[]>()
  const thereOf = new Map<string, number>()
  const accountsOf = new Map<string, Map<string, number>>()
  for (const e of entries) {
    const accounts = accountsOf.get(e.batchId) ?? new Map<string, number>()
    accounts.set(e.accountId, (accounts.get(e.accountId) ?? 0) + 1)
    accountsOf.set(e.batchId, accounts)
    const ids = idsOf.get(e.batchId)
    if (ids) ids.push(e.id)
    else idsOf.set(e.batchId, [e.id])
    if (e.alreadyThere) thereOf.set(e.batchId, (thereOf.get(e.batchId) ?? 0) + 1)
  }
  const items: HistoryItem[] = []
  let previous: string | null = null
  for (const entry of entries) {
    if (entry.batchId !== previous) {
      items.push({
        kind: 'batch',
        batchId: entry.batchId,
        finishedAt: entry.finishedAt,
        ids: idsOf.get(entry.batchId) ?? [entry.id],
        alreadyThere: thereOf.get(entry.batchId) ?? 0,
        accountId: mostOf(accountsOf.get(entry.batchId)) ?? entry.accountId,
      })
      previous = entry.batchId
    }
    items.push({ kind: 'entry', entry })
  }
  return items
}

function mostOf(counts: Map<string, number> | undefined): string | undefined {
  let best: [string, number] | undefined
  for (const c of counts ?? []) if (!best || c[1] > best[1]) best = c
  return best?.[0]
}

/**
 * What a batch's heading says it did: "4 files" sent; "4 files already there, nothing sent" for a drop whose
 * files were all there (Skip them); "3 files sent · 2 already there" for one in between.
 */
export function batchWords(h: Pick<BatchHeading, 'ids' | 'alreadyThere'>, intl: IntlShape): string {
  const sent = h.ids.length - h.alreadyThere
  if (h.alreadyThere === 0)
    return intl.formatMessage(
      { id: 'history.batch.files', defaultMessage: '{count, plural, one {# file} other {# files}}' },
      { count: sent },
    )
  if (sent === 0)
    return intl.formatMessage(
      {
        id: 'history.batch.allThere',
        defaultMessage:
          '{count, plural, one {# file already there, nothing sent} other {# files already there, nothing sent}}',
      },
      { count: h.alreadyThere },
    )
  return intl.formatMessage(
    {
      id: 'history.batch.someThere',
      defaultMessage:
        '{sent, plural, one {# file sent} other {# files sent}} · {there, number} already there',
    },
    { sent, there: h.alreadyThere },
  )
}
