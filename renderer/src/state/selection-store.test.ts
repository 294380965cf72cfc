import { beforeEach, describe, expect, it } from 'vitest'
import type { IndexFileRow } from '../../../shared/file-index.ts'
import { isEmpty, isPicked, useSelection } from './selection-store.ts'

function file(accountId: string, fileCode: string): IndexFileRow {
  return {
    kind: 'file',
    accountId,
    fileCode,
    name: `${fileCode}.txt`,
    size: 10,
    uploaded: '2026-11-23 10:00:00',
    downloads: 0,
    fldId: 0,
    folderPath: '',
    link: `https://files.example/${fileCode}`,
    thumbnail: null,
    public: 1,
  }
}

const s = () => useSelection.getState()
const picked = () => [...s().picked.keys()]
const query = {
  scope: { kind: 'all-accounts' as const },
  sort: { key: 'name' as const, dir: 'asc' as const },
}

beforeEach(() => {
  s().clear()
})

describe('the file selection', () => {
  it('names a file by account and code: the same code on two accounts is two files', () => {
    s().selectOnly(0, file('work', 'abc'))
    s().toggle(1, file('home', 'abc'))
    expect(picked()).toEqual(['work:abc', 'home:abc'])
    s().toggle(1, file('home', 'abc'))
    expect(picked()).toEqual(['work:abc'])
  })

  it('a click selects one file and sets the anchor; a folder row selects nothing', () => {
    s().selectOnly(3, file('a', 'f3'))
    expect(s()).toMatchObject({ focusIndex: 3, anchorIndex: 3, pendingIndex: -1 })
    s().selectOnly(5, null)
    expect(isEmpty(s())).toBe(true)
    expect(s().focusIndex).toBe(5)
  })

  it('picks the row the cursor waited for when it arrives, unless the user moved on', () => {
    s().selectOnly(99_999, undefined)
    expect(s().pendingIndex).toBe(99_999)
    s().resolvePending(99_999, file('a', 'last'))
    expect(picked()).toEqual(['a:last'])
    // Moving the cursor to a row not loaded yet drops the old pick; moving on before it loads cancels the wait.
    s().selectOnly(500, undefined)
    expect(picked()).toEqual([])
    s().setFocus(10)
    s().resolvePending(500, file('a', 'late'))
    expect(picked()).toEqual([])
  })

  it('Shift ranges replace the picks, Ctrl+Shift ranges add to them; the anchor stays', () => {
    s().selectOnly(2, file('a', 'f2'))
    s().pickRange(4, [file('a', 'f2'), file('a', 'f3'), file('a', 'f4')], false)
    expect(picked()).toEqual(['a:f2', 'a:f3', 'a:f4'])
    expect(s()).toMatchObject({ anchorIndex: 2, focusIndex: 4 })
    s().toggle(9, file('a', 'f9'))
    s().pickRange(10, [file('a', 'f10')], true)
    expect(picked()).toEqual(['a:f2', 'a:f3', 'a:f4', 'a:f9', 'a:f10'])
  })

  it('Ctrl+A selects the whole result as one query; unticking keeps the rest selected', () => {
    s().selectAll(query)
    expect(isPicked(s(), file('a', 'anything'))).toBe(true)
    s().toggle(4, file('a', 'f4'))
    expect(isPicked(s(), file('a', 'f4'))).toBe(false)
    expect(isPicked(s(), file('a', 'f5'))).toBe(true)
    s().toggle(4, file('a', 'f4'))
    expect(isPicked(s(), file('a', 'f4'))).toBe(true)
    expect(s().picked.size).toBe(0)
    s().clear()
    expect(isEmpty(s())).toBe(true)
  })

  it('forgets files moved out of the view, and forgetting twice changes nothing', () => {
    s().selectOnly(0, file('a', 'x'))
    s().toggle(1, file('a', 'y'))
    s().forget([{ accountId: 'a', fileCode: 'x' }])
    const after = s().picked
    s().forget([{ accountId: 'a', fileCode: 'x' }])
    expect(s().picked).toBe(after)
    expect(picked()).toEqual(['a:y'])
  })
})
