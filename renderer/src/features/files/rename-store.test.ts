import { beforeEach, describe, expect, it } from 'vitest'
import type { IndexFileRow, IndexFolderRow, IndexRow } from '../../../../shared/file-index.ts'
import { englishIntl } from '../../i18n/testing/english.ts'
import { useSelection } from '../../state/selection-store.ts'
import { useToasts } from '../../state/toast-store.ts'
import { renameAtCursor, rowKey, useRename } from './rename-store.ts'

const file = (fileCode: string, accountId = 'work'): IndexFileRow => ({
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
})
const folder = (fldId: number): IndexFolderRow => ({
  kind: 'folder',
  accountId: 'work',
  fldId,
  parentId: 0,
  name: `Folder ${fldId}`,
  path: `Folder ${fldId}`,
  parents: [],
})

// Rows 0-1 are folders, 2-4 files, as a folder's result has them.
const rows: IndexRow[] = [folder(7), folder(8), file('aaa'), file('bbb'), file('ccc')]
const rowAt = (i: number) => rows[i]
const r = () => useRename.getState()
const lastToast = () => useToasts.getState().toasts.at(-1)?.message(englishIntl)

beforeEach(() => {
  useSelection.getState().clear()
  useRename.setState({ editing: null, draft: '', renamed: null })
  useToasts.setState({ toasts: [] })
})

describe('rename in place', () => {
  it('names rows by account and kind: a folder id never clashes with a file code', () => {
    expect(rowKey(file('7'))).not.toBe(rowKey(folder(7)))
    expect(rowKey(file('aaa', 'home'))).not.toBe(rowKey(file('aaa', 'work')))
  })

  it('F2 edits the selected file under the cursor, starting from its name', () => {
    useSelection.getState().selectOnly(3, file('bbb'))
    renameAtCursor(rowAt)
    expect(r().editing).toEqual({ key: 'work:bbb', index: 3 })
    expect(r().draft).toBe('bbb.txt')
  })

  it('a second F2 on the same row keeps what was typed; F2 elsewhere starts over', () => {
    useSelection.getState().selectOnly(3, file('bbb'))
    renameAtCursor(rowAt)
    r().setDraft('typed so far.txt')
    renameAtCursor(rowAt)
    expect(r().draft).toBe('typed so far.txt')
    useSelection.getState().selectOnly(4, file('ccc'))
    renameAtCursor(rowAt)
    expect(r()).toMatchObject({ editing: { key: 'work:ccc', index: 4 }, draft: 'ccc.txt' })
  })

  it('a folder row is edited when no file is picked', () => {
    useSelection.getState().selectOnly(1, null)
    renameAtCursor(rowAt)
    expect(r().editing).toEqual({ key: 'work:folder:8', index: 1 })
    expect(r().draft).toBe('Folder 8')
  })

  it('several files, a whole selection, or no cursor: nothing is edited and a message says why', () => {
    useSelection.getState().selectOnly(2, file('aaa'))
    useSelection.getState().toggle(3, file('bbb'))
    renameAtCursor(rowAt)
    expect(r().editing).toBeNull()
    expect(lastToast()).toBe('Select just one file or folder to rename it')

    useSelection.getState().selectAll({
      scope: { kind: 'folder', accountId: 'work', fldId: 0 },
      sort: { key: 'name', dir: 'asc' },
    })
    renameAtCursor(rowAt)
    expect(r().editing).toBeNull()

    useSelection.getState().clear()
    renameAtCursor(rowAt)
    expect(r().editing).toBeNull()
    expect(lastToast()).toBe('Select a file or folder to rename it')
  })

  it('ending an edit ends only that one', () => {
    useSelection.getState().selectOnly(2, file('aaa'))
    renameAtCursor(rowAt)
    r().stop('work:bbb')
    expect(r().editing?.key).toBe('work:aaa')
    r().stop('work:aaa')
    expect(r()).toMatchObject({ editing: null, draft: '' })
  })

  it('following a renamed row keeps when it began, whatever index it moves to', () => {
    r().follow('work:aaa', 2)
    const began = r().renamed?.at
    r().follow('work:aaa', 4)
    expect(r().renamed).toMatchObject({ key: 'work:aaa', index: 4, at: began })
    // It notes the selection as it leaves it: any later change (a click) is the user's.
    expect(r().renamed?.selection).toBe(useSelection.getState())
    r().endFollow()
    expect(r().renamed).toBeNull()
  })
})
