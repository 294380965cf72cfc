import { describe, expect, it } from 'vitest'
import type { AlreadyThereCount, AlreadyTherePlace } from '../../../../shared/queue.ts'
import { englishIntl } from '../../i18n/testing/english.ts'
import { alreadyThereWords } from './already-there-words.ts'

const place = (folderPath: string, files: number, accountId = 'w'): AlreadyTherePlace => ({
  accountId,
  fldId: folderPath.length,
  folderPath,
  files,
})
const count = (
  places: AlreadyTherePlace[],
  files = places.reduce((n, p) => n + p.files, 0),
): AlreadyThereCount => ({
  files,
  alreadyThere: places.reduce((n, p) => n + p.files, 0),
  places,
})
const labels: Record<string, string> = { w: 'Work', h: 'Home' }
const words = (c: AlreadyThereCount) => alreadyThereWords(englishIntl, c, (id) => labels[id] ?? id)

describe('where the files already are, in words', () => {
  it('one folder: its path from My files, and no list', () => {
    expect(words(count([place('Incoming', 3)]))).toEqual({
      sentence: 'All 3 files of this drop are already in My files/Incoming',
      folders: [],
    })
    expect(words(count([place('', 1)])).sentence).toBe('This file is already in My files')
  })

  it('a dropped folder and the folders in it: that folder with “…”, each folder listed', () => {
    const w = words(count([place('Incoming/album', 2), place('Incoming/album/day one', 2)]))
    expect(w.sentence).toBe('All 4 files of this drop are already in My files/Incoming/album/… (2 folders)')
    expect(w.folders).toEqual([
      'My files/Incoming/album · 2 files',
      'My files/Incoming/album/day one · 2 files',
    ])
    // The dropped folder need not hold files itself: the shallowest folder of them names the place.
    expect(words(count([place('Photos/trip/day2', 1), place('Photos/trip', 1)])).sentence).toBe(
      'All 2 files of this drop are already in My files/Photos/trip/… (2 folders)',
    )
  })

  it('folders apart (two dropped folders; a name that only starts the same): “in N folders”', () => {
    expect(words(count([place('a', 1), place('b', 1)])).sentence).toBe(
      'All 2 files of this drop are already in 2 folders',
    )
    expect(words(count([place('album', 1), place('album2/x', 1)])).sentence).toBe(
      'All 2 files of this drop are already in 2 folders',
    )
  })

  it('some of the drop, on several accounts: the count of the whole, each folder with its account', () => {
    const w = words(count([place('Photos', 2, 'w'), place('Photos', 2, 'h')], 10))
    expect(w.sentence).toBe('4 of the 10 files of this drop are already in 2 folders')
    expect(w.folders).toEqual(['My files/Photos on Work · 2 files', 'My files/Photos on Home · 2 files'])
  })
})
