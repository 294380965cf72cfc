import { beforeEach, describe, expect, it } from 'vitest'
import type { IndexFileRow } from '../../../shared/file-index.ts'
import { selectionOf } from '../features/files/selection.ts'
import { isEmpty, isPicked, useSelection } from './selection-store.ts'

const row = (code: string, accountId = 'a1', size = 10): IndexFileRow => ({
  kind: 'file',
  accountId,
  fileCode: code,
  name: `${code}.txt`,
  size,
  uploaded: '2026-01-01 00:00:00',
  downloads: 0,
  fldId: 0,
  folderPath: '',
  link: `https://host.example/${code}`,
  thumbnail: null,
  public: 1,
})
const query = {
  scope: { kind: 'folder', accountId: 'a1', fldId: 7 },
  sort: { key: 'name', dir: 'asc' },
} as const
const sel = () => useSelection.getState()

describe('file pane selection', () => {
  beforeEach(() => sel().clear())

  it('Ctrl+A is the query, and unticking adds to its except list (never a list of 100,000 codes)', () => {
    sel().selectAll(query)
    expect(isPicked(sel(), row('x')), 'any row of the result is selected').toBe(true)
    sel().toggle(3, row('b'))
    expect(isPicked(sel(), row('b'))).toBe(false)
    expect(selectionOf(sel())).toEqual({
      kind: 'query',
      query,
      except: [{ accountId: 'a1', fileCode: 'b' }],
    })
    // Ticking it again takes it off the except list.
    sel().toggle(3, row('b'))
    expect(selectionOf(sel())).toEqual({ kind: 'query', query, except: [] })
  })

  it('picks are keyed by account and code: the same code in two accounts is two files', () => {
    sel().selectOnly(0, row('same', 'a1'))
    sel().toggle(1, row('same', 'a2'))
    expect(selectionOf(sel())).toEqual({
      kind: 'files',
      files: [
        { accountId: 'a1', fileCode: 'same' },
        { accountId: 'a2', fileCode: 'same' },
      ],
    })
  })

  it('a Shift range replaces the picks (or adds with Ctrl) and keeps its anchor', () => {
    sel().selectOnly(2, row('a'))
    sel().pickRange(5, [row('a'), row('b'), row('c')], false)
    expect(sel().picked.size).toBe(3)
    expect(sel().anchorIndex).toBe(2)
    sel().pickRange(0, [row('z')], true)
    expect([...sel().picked.keys()].sort()).toEqual(['a1:a', 'a1:b', 'a1:c', 'a1:z'])
  })

  it('a range after Ctrl+A starts over from picks', () => {
    sel().selectAll(query)
    sel().pickRange(1, [row('a')], true)
    expect(sel().all).toBeNull()
    expect(selectionOf(sel())).toEqual({ kind: 'files', files: [{ accountId: 'a1', fileCode: 'a' }] })
  })

  it('End before the last window arrived: the row is picked when it comes, unless the user moved on', () => {
    sel().selectOnly(99_999, undefined)
    expect(isEmpty(sel())).toBe(true)
    sel().resolvePending(99_999, row('last'))
    expect(isPicked(sel(), row('last'))).toBe(true)

    sel().selectOnly(50, undefined)
    sel().setFocus(10)
    sel().resolvePending(50, row('late'))
    expect(isPicked(sel(), row('late')), 'a later move wins').toBe(false)
  })

  it('a folder row under the cursor selects no file', () => {
    sel().selectOnly(0, null)
    expect(sel().focusIndex).toBe(0)
    expect(sel().pendingIndex).toBe(-1)
    expect(selectionOf(sel())).toBeNull()
  })

  it('moved files are forgotten; others stay picked', () => {
    sel().selectOnly(0, row('a'))
    sel().toggle(1, row('b'))
    sel().forget([{ accountId: 'a1', fileCode: 'a' }])
    expect([...sel().picked.keys()]).toEqual(['a1:b'])
  })

  it('more picks than one call carries is refused with a message that says what to do', () => {
    const many = Array.from({ length: 10_001 }, (_, i) => row(`f${i}`))
    sel().pickRange(10_000, many, false)
    expect(() => selectionOf(sel())).toThrow(/Ctrl\+A selects any number/)
  })
})
