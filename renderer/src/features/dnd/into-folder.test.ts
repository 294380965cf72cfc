import { expect, it } from 'vitest'
import { englishIntl } from '../../i18n/testing/english.ts'
import { type Destination, destinationLabel, destinationOf, folderLabelOf } from '../upload/destination.ts'
import { intoFolder } from './into-folder.ts'

/** What a person reads of a destination: each account's folder, and the whole. */
const said = (d: Destination) => ({
  targets: d.targets,
  labels: Object.fromEntries(d.targets.map((t) => [t.accountId, folderLabelOf(englishIntl, d, t.accountId)])),
  label: destinationLabel(englishIntl, d),
})

const photos = { accountId: 'work', fldId: 12, name: 'Photos', path: 'media/Photos' }
const root = (accountId: string, accountLabel: string) => ({
  accountId,
  fldId: 0,
  folderPath: '',
  folderName: 'My files',
  accountLabel,
})

it('aims a one-account drop at the folder under the pointer', () => {
  const open = destinationOf([root('work', 'Work')])
  expect(said(intoFolder(open, photos, 'Work'))).toEqual({
    targets: [{ accountId: 'work', fldId: 12, folderPath: 'media/Photos' }],
    labels: { work: 'Photos on Work' },
    label: 'Photos on Work',
  })
})

it('keeps the other accounts’ chosen folders of a mirrored drop', () => {
  const mirrored = destinationOf([
    root('work', 'Work'),
    { accountId: 'backup', fldId: 7, folderPath: 'Inbox', folderName: 'Inbox', accountLabel: 'Backup' },
  ])
  expect(said(intoFolder(mirrored, photos, 'Work'))).toEqual({
    targets: [
      { accountId: 'work', fldId: 12, folderPath: 'media/Photos' },
      { accountId: 'backup', fldId: 7, folderPath: 'Inbox' },
    ],
    labels: { work: 'Photos on Work', backup: 'Inbox on Backup' },
    label: 'Photos on Work, Inbox on Backup',
  })
})

it('sends to the pointed-at folder’s account alone when the upload menu chose other accounts', () => {
  const elsewhere = destinationOf([
    { accountId: 'backup', fldId: 3, folderPath: 'x', folderName: 'x', accountLabel: 'Backup' },
  ])
  expect(said(intoFolder(elsewhere, photos, 'Work'))).toEqual({
    targets: [{ accountId: 'work', fldId: 12, folderPath: 'media/Photos' }],
    labels: { work: 'Photos on Work' },
    label: 'Photos on Work',
  })
})
