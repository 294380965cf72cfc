import { describe, expect, it } from 'vitest'
import { uploadContract } from '../../../../shared/ipc/upload-contract.ts'
import { englishIntl } from '../../i18n/testing/english.ts'
import { ROOT } from '../../state/ui-store.ts'
import { type Destination, destinationFor, destinationLabel, folderLabelOf } from './destination.ts'

/** What the window says of a destination: each account's folder, and the whole. */
const said = (d: Destination) => ({
  targets: d.targets,
  labels: Object.fromEntries(d.targets.map((t) => [t.accountId, folderLabelOf(englishIntl, d, t.accountId)])),
  label: destinationLabel(englishIntl, d),
})

const accounts = [
  { id: 'work', label: 'Work' },
  { id: 'backup', label: 'Backup' },
]
const projects = [ROOT, { id: 12, name: 'Projects' }, { id: 13, name: '2026' }]
const inbox = [ROOT, { id: 7, name: 'Inbox' }]
const window = { accounts, activeId: 'work', chosen: [], openPath: projects, mirrorFolders: {} }

describe('where a drop goes', () => {
  it('goes into the open folder of the active account', () => {
    expect(said(destinationFor(window))).toEqual({
      targets: [{ accountId: 'work', fldId: 13, folderPath: 'Projects/2026' }],
      labels: { work: '2026 on Work' },
      label: '2026 on Work',
    })
  })

  it('mirrored: the open folder on the active account, the chosen folder or the root on the others', () => {
    const both = { ...window, chosen: ['work', 'backup'] }
    expect(said(destinationFor(both))).toEqual({
      targets: [
        { accountId: 'work', fldId: 13, folderPath: 'Projects/2026' },
        { accountId: 'backup', fldId: 0, folderPath: '' },
      ],
      labels: { work: '2026 on Work', backup: 'My files on Backup' },
      label: '2026 on Work, My files on Backup',
    })
    expect(said(destinationFor({ ...both, openPath: [ROOT] })).label).toBe('My files on Work, Backup')
    expect(destinationFor({ ...both, mirrorFolders: { backup: inbox } }).targets[1]).toEqual({
      accountId: 'backup',
      fldId: 7,
      folderPath: 'Inbox',
    })
  })

  it('to another account alone, never the open folder of the active one (folder ids belong to one account)', () => {
    const other = { ...window, chosen: ['backup'] }
    expect(destinationFor(other).targets).toEqual([{ accountId: 'backup', fldId: 0, folderPath: '' }])
    expect(said(destinationFor({ ...other, mirrorFolders: { backup: inbox } })).label).toBe('Inbox on Backup')
  })

  it('forgets chosen accounts that were removed', () => {
    expect(destinationFor({ ...window, chosen: ['gone'] }).targets.map((t) => t.accountId)).toEqual(['work'])
  })

  it('is what the contract takes, as it is', () => {
    const both = destinationFor({ ...window, chosen: ['work', 'backup'] })
    const input = { paths: ['/home/me/trip'], targets: both.targets }
    for (const channel of ['queue.enqueuePaths', 'queue.countAlreadyThere'] as const)
      expect(uploadContract[channel].input.safeParse(input)).toMatchObject({ success: true, data: input })
  })
})
