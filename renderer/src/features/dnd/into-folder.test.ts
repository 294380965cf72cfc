import { expect, it } from 'vitest'
import { intoFolder } from './into-folder.ts'

const photos = { accountId: 'work', fldId: 12, name: 'Photos', path: 'media/Photos' }

it('aims a one-account drop at the folder under the pointer', () => {
  const open = { accountIds: ['work'], fldId: 0, folderPath: '', label: 'My files on Work' }
  expect(intoFolder(open, photos, 'Work')).toEqual({
    accountIds: ['work'],
    fldId: 12,
    folderPath: 'media/Photos',
    label: 'Photos on Work',
  })
})

it('keeps the other accounts’ chosen folders of a mirrored drop', () => {
  const mirrored = {
    accountIds: ['work', 'backup'],
    fldId: 0,
    folderPath: '',
    label: 'My files on Work, Backup',
    targets: [
      { accountId: 'work', fldId: 0, folderPath: '', label: 'My files on Work' },
      { accountId: 'backup', fldId: 7, folderPath: 'Inbox', label: 'Inbox on Backup' },
    ],
  }
  expect(intoFolder(mirrored, photos, 'Work')).toEqual({
    ...mirrored,
    label: 'Photos on Work, Inbox on Backup',
    targets: [
      { accountId: 'work', fldId: 12, folderPath: 'media/Photos', label: 'Photos on Work' },
      { accountId: 'backup', fldId: 7, folderPath: 'Inbox', label: 'Inbox on Backup' },
    ],
  })
})

it('sends to the pointed-at folder’s account alone when the upload menu chose other accounts', () => {
  const elsewhere = { accountIds: ['backup'], fldId: 3, folderPath: 'x', label: 'x on Backup' }
  expect(intoFolder(elsewhere, photos, 'Work')).toEqual({
    accountIds: ['work'],
    fldId: 12,
    folderPath: 'media/Photos',
    label: 'Photos on Work',
  })
})
