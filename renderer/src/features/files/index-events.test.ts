import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { IndexStatus } from '../../../../shared/file-index.ts'
import { keys } from '../../lib/query-keys.ts'
import { applyIndexProgress, coalescedChanges } from './index-events.ts'

const sort = { key: 'name', dir: 'asc' } as const
const folder = (accountId: string, fldId: number) => ({
  scope: { kind: 'folder' as const, accountId, fldId },
  sort,
})

/** A cache holding one window of each kind; returns which of them are stale after `act`. */
function staleAfter(act: (qc: QueryClient) => void) {
  const qc = new QueryClient()
  const windows = {
    a1Folder3: keys.indexWindow(folder('a1', 3), 0),
    a1Folder4: keys.indexWindow(folder('a1', 4), 0),
    a1All: keys.indexWindow({ scope: { kind: 'account', accountId: 'a1' }, sort }, 0),
    a2Folder3: keys.indexWindow(folder('a2', 3), 0),
    across: keys.indexWindow({ scope: { kind: 'all-accounts' }, sort }, 0),
  }
  for (const key of Object.values(windows)) qc.setQueryData(key, { rows: [] })
  act(qc)
  return Object.fromEntries(
    Object.entries(windows).map(([name, key]) => [name, qc.getQueryState(key)?.isInvalidated ?? false]),
  )
}

describe('index change events', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('a change in some folders refetches those folders, the account-wide views and the cross-account ones', () => {
    const stale = staleAfter((qc) =>
      coalescedChanges(qc).push({ type: 'index.changed', accountId: 'a1', fldIds: [3] }),
    )
    expect(stale).toEqual({ a1Folder3: true, a1Folder4: false, a1All: true, a2Folder3: false, across: true })
  })

  it('a change anywhere in an account refetches all of its windows, no other account’s', () => {
    const stale = staleAfter((qc) =>
      coalescedChanges(qc).push({ type: 'index.changed', accountId: 'a1', fldIds: null }),
    )
    expect(stale).toEqual({ a1Folder3: true, a1Folder4: true, a1All: true, a2Folder3: false, across: true })
  })

  it('a burst of changes (a crawl) is one refetch at once and one at the end of the quiet spell', () => {
    const qc = new QueryClient()
    const spy = vi.spyOn(qc, 'invalidateQueries')
    const feed = coalescedChanges(qc)
    feed.push({ type: 'index.changed', accountId: 'a1', fldIds: [3] })
    const first = spy.mock.calls.length
    expect(first).toBeGreaterThan(0)
    for (let i = 0; i < 50; i++) feed.push({ type: 'index.changed', accountId: 'a1', fldIds: [i] })
    expect(spy.mock.calls.length, 'nothing more during the spell').toBe(first)
    vi.advanceTimersByTime(250)
    const folders = spy.mock.calls
      .slice(first)
      .map(([filters]) => (filters?.queryKey as unknown[] | undefined)?.[3])
      .filter((k) => typeof k === 'number')
    expect(folders.sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: 50 }, (_, i) => i))
    // Quiet again: the next change goes at once.
    vi.advanceTimersByTime(250)
    const before = spy.mock.calls.length
    feed.push({ type: 'index.changed', accountId: 'a2', fldIds: null })
    expect(spy.mock.calls.length).toBeGreaterThan(before)
  })
})

describe('index progress events', () => {
  const status = (over: Partial<IndexStatus>): IndexStatus => ({
    accountId: 'a1',
    label: 'Work',
    state: 'crawling',
    filesIndexed: 0,
    filesTotal: 100_000,
    foldersIndexed: 0,
    lastFullCrawl: null,
    warning: null,
    ...over,
  })

  it('updates the known account’s status in place (the status bar says "Indexing Work: 41,200 of 100,000")', () => {
    const qc = new QueryClient()
    qc.setQueryData(keys.indexStatus(), [status({}), status({ accountId: 'a2', label: 'Home' })])
    applyIndexProgress(qc, {
      type: 'index.progress',
      accountId: 'a1',
      state: 'crawling',
      filesIndexed: 41_200,
      filesTotal: 100_000,
      foldersIndexed: 3,
      warning: null,
    })
    const after = qc.getQueryData<IndexStatus[]>(keys.indexStatus())
    expect(after?.[0]).toEqual(status({ filesIndexed: 41_200, foldersIndexed: 3 }))
    expect(after?.[1]?.label).toBe('Home')
    expect(qc.getQueryState(keys.indexStatus())?.isInvalidated).toBe(false)
  })

  it('an account not yet known, or a crawl that finished, reloads the statuses (labels, last crawl time)', () => {
    const qc = new QueryClient()
    qc.setQueryData(keys.indexStatus(), [status({})])
    const event = {
      type: 'index.progress',
      accountId: 'a9',
      state: 'crawling',
      filesIndexed: 1,
      filesTotal: null,
      foldersIndexed: 0,
      warning: null,
    } as const
    applyIndexProgress(qc, event)
    expect(qc.getQueryState(keys.indexStatus())?.isInvalidated).toBe(true)
    qc.setQueryData(keys.indexStatus(), [status({})])
    applyIndexProgress(qc, { ...event, accountId: 'a1', state: 'ready' })
    expect(qc.getQueryState(keys.indexStatus())?.isInvalidated).toBe(true)
  })
})
