import { describe, expect, it } from 'vitest'
import { paneQuery, spansFolders } from './index-query.ts'
import { usePane } from './pane-store.ts'

const sort = { key: 'name', dir: 'asc' } as const

describe('the pane’s index query', () => {
  it('a folder without a search lists that folder, whatever the scope switch says', () => {
    for (const scope of ['folder', 'account', 'all-accounts'] as const)
      expect(paneQuery('a1', 5, '', scope, sort).scope).toEqual({ kind: 'folder', accountId: 'a1', fldId: 5 })
  })

  it('a search looks where the switch says', () => {
    expect(paneQuery('a1', 5, 'inv', 'folder', sort)).toEqual({
      scope: { kind: 'folder', accountId: 'a1', fldId: 5 },
      search: 'inv',
      sort,
    })
    expect(paneQuery('a1', 5, 'inv', 'account', sort).scope).toEqual({ kind: 'account', accountId: 'a1' })
    expect(paneQuery('a1', 5, 'inv', 'all-accounts', sort).scope).toEqual({ kind: 'all-accounts' })
  })

  it('"All files" is the account, or every account when the switch says so', () => {
    expect(paneQuery('a1', null, '', 'folder', sort).scope).toEqual({ kind: 'account', accountId: 'a1' })
    expect(paneQuery('a1', null, '', 'all-accounts', sort).scope).toEqual({ kind: 'all-accounts' })
  })

  it('only views spanning folders get a location column', () => {
    expect(spansFolders(paneQuery('a1', 5, '', 'folder', sort))).toBe(false)
    expect(spansFolders(paneQuery('a1', 5, 'x', 'account', sort))).toBe(true)
    expect(spansFolders(paneQuery('a1', null, '', 'folder', sort))).toBe(true)
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
