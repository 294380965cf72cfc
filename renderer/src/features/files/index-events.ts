import type { QueryClient } from '@tanstack/react-query'
import type { IndexStatus } from '../../../../shared/file-index.ts'
import type { DataEvent } from '../../../../shared/ipc/events.ts'
import { keys } from '../../lib/query-keys.ts'

/** What the index's events do to the renderer's cache; the event router (app/events.ts) hands them here. */

type IndexProgress = Extract<DataEvent, { type: 'index.progress' }>
type IndexChanged = Extract<DataEvent, { type: 'index.changed' }>

/** The status bar's indexing note follows progress events; an account it has not seen yet means a reload. */
export function applyIndexProgress(qc: QueryClient, event: IndexProgress): void {
  const { type: _type, ...progress } = event
  let known = false
  qc.setQueryData<IndexStatus[]>(keys.indexStatus(), (list) =>
    list?.map((s) => {
      if (s.accountId !== event.accountId) return s
      known = true
      return { ...s, ...progress }
    }),
  )
  // A crawl that just finished set the time of the last full crawl, which the event does not carry.
  if (!known || (event.state === 'ready' && event.warning === null))
    void qc.invalidateQueries({ queryKey: keys.indexStatus() })
}

const CHANGE_COALESCE_MS = 250
const changeFeeds = new WeakMap<QueryClient, ReturnType<typeof coalescedChanges>>()
export const indexChanges = (qc: QueryClient) => {
  let feed = changeFeeds.get(qc)
  if (!feed) {
    feed = coalescedChanges(qc)
    changeFeeds.set(qc, feed)
  }
  return feed
}

/**
 * A crawl changes rows page after page; refetching the windows on screen for each would keep the bridge busy for
 * nothing. The first change of a quiet spell refetches at once (a rename shows without delay); changes during
 * the next 250 ms are gathered into one refetch at its end. Only windows on screen refetch; the others are
 * marked stale and refetch when scrolled back to.
 */
export function coalescedChanges(qc: QueryClient) {
  let timer: ReturnType<typeof setTimeout> | null = null
  let pending = new Map<string, Set<number> | null>()
  const flush = (changes: Map<string, Set<number> | null>) => {
    for (const [accountId, fldIds] of changes) {
      if (fldIds === null) void qc.invalidateQueries({ queryKey: keys.index(accountId) })
      else {
        for (const fldId of fldIds) void qc.invalidateQueries({ queryKey: keys.indexIn(accountId, fldId) })
        void qc.invalidateQueries({ queryKey: keys.indexIn(accountId, 'all') })
      }
    }
    void qc.invalidateQueries({ queryKey: keys.indexAcross() })
    void qc.invalidateQueries({ queryKey: keys.indexSummaries() })
  }
  const later = () => {
    timer = null
    if (pending.size === 0) return
    const changes = pending
    pending = new Map()
    flush(changes)
    timer = setTimeout(later, CHANGE_COALESCE_MS)
  }
  return {
    push(event: IndexChanged) {
      const before = pending.get(event.accountId)
      const merged =
        before === null || event.fldIds === null ? null : new Set([...(before ?? []), ...event.fldIds])
      if (timer) {
        pending.set(event.accountId, merged)
        return
      }
      flush(new Map([[event.accountId, merged]]))
      timer = setTimeout(later, CHANGE_COALESCE_MS)
    },
  }
}
