import { describe, expect, it } from 'vitest'
import { paneQuery, spansFolders, widerSearches } from './index-query.ts'
import { usePane } from './pane-store.ts'

const sort = { key: 'name', dir: 'asc' } as const

describe('the pane’s index query', () => {
  it('a folder without a search lists that folder, whatever the scope switch says', () => {
    for (const scope of ['subtree', 'account', 'all-accounts'] as const)
      expect(paneQuery('a1', 5, '', scope, sort).scope).toEqual({ kind: 'folder', accountId: 'a1', fldId: 5 })
  })

  it('a search looks where the switch says: from the folder down by default', () => {
    expect(paneQuery('a1', 5, 'inv', 'subtree', sort)).toEqual({
      scope: { kind: 'subtree', accountId: 'a1', fldId: 5 },
      search: 'inv',
      sort,
    })
    expect(paneQuery('a1', 5, 'inv', 'account', sort).scope).toEqual({ kind: 'account', accountId: 'a1' })
    expect(paneQuery('a1', 5, 'inv', 'all-accounts', sort).scope).toEqual({ kind: 'all-accounts' })
  })

  it('"All files" is the account, or every account when the switch says so', () => {
    expect(paneQuery('a1', null, '', 'subtree', sort).scope).toEqual({ kind: 'account', accountId: 'a1' })
    expect(paneQuery('a1', null, 'inv', 'subtree', sort).scope).toEqual({ kind: 'account', accountId: 'a1' })
    expect(paneQuery('a1', null, '', 'all-accounts', sort).scope).toEqual({ kind: 'all-accounts' })
  })

  it('only views spanning folders get a location column', () => {
    expect(spansFolders(paneQuery('a1', 5, '', 'subtree', sort))).toBe(false)
    expect(spansFolders(paneQuery('a1', 5, 'x', 'subtree', sort))).toBe(true)
    expect(spansFolders(paneQuery('a1', 5, 'x', 'account', sort))).toBe(true)
    expect(spansFolders(paneQuery('a1', null, '', 'subtree', sort))).toBe(true)
  })
})

describe('wider searches', () => {
  const wider = (fldId: number | null, scope: 'subtree' | 'account' | 'all-accounts', accounts: number) =>
    widerSearches(paneQuery('a1', fldId, 'inv', scope, sort), accounts).map((w) => [w.scope, w.query.scope])

  it('from a folder: the whole account, then all accounts when there are others', () => {
    expect(wider(5, 'subtree', 1)).toEqual([['account', { kind: 'account', accountId: 'a1' }]])
    expect(wider(5, 'subtree', 2)).toEqual([
      ['account', { kind: 'account', accountId: 'a1' }],
      ['all-accounts', { kind: 'all-accounts' }],
    ])
  })

  it('from the root or an account, only the other accounts are wider; from all accounts, nothing', () => {
    expect(wider(0, 'subtree', 1)).toEqual([])
    expect(wider(0, 'subtree', 3)).toEqual([['all-accounts', { kind: 'all-accounts' }]])
    expect(wider(null, 'account', 2)).toEqual([['all-accounts', { kind: 'all-accounts' }]])
    expect(wider(5, 'all-accounts', 2)).toEqual([])
  })

  it('keep the search and the sort, and are none without a search', () => {
    const [first] = widerSearches(paneQuery('a1', 5, 'inv', 'subtree', sort), 1)
    expect(first?.query).toEqual({ scope: { kind: 'account', accountId: 'a1' }, search: 'inv', sort })
    expect(widerSearches(paneQuery('a1', 5, '', 'subtree', sort), 2)).toEqual([])
  })
})

describe('column headers', () => {
  it('the same column flips; another starts A→Z for names and biggest/newest first for the rest', () => {
    const { sortBy } = usePane.getState()
    expect(usePane.getState().sort).toEqual({ key: 'name', dir: 'asc' })
    sortBy('name')
    expect(usePane.getState().sort).toEqual({ key: 'name', dir: 'desc' })
    sortBy('size')
    expect(usePane.getState().sort).toEqual({ key: 'size', dir: 'desc' })
    sortBy('size')
    expect(usePane.getState().sort).toEqual({ key: 'size', dir: 'asc' })
    sortBy('uploaded')
    expect(usePane.getState().sort).toEqual({ key: 'uploaded', dir: 'desc' })
    sortBy('name')
    expect(usePane.getState().sort).toEqual({ key: 'name', dir: 'asc' })
  })
})
