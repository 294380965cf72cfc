import { expect, it } from 'vitest'
import { englishIntl } from '../../i18n/testing/english.ts'
import { formatSize } from '../../lib/format.ts'
import { storageUsed } from './storage-used.ts'

it('shows the host’s figure when it gives one, else the index’s sum saying it is counted by Filedock', () => {
  const counted = { bytes: 318 * 1024 * 1024, complete: true }
  const size = formatSize(318 * 1024 * 1024)
  expect(storageUsed({ storageUsed: 5_000 }, counted, englishIntl)).toEqual({
    value: formatSize(5_000),
    note: null,
    title: formatSize(5_000),
  })
  expect(storageUsed({ storageUsed: null }, counted, englishIntl)).toEqual({
    value: size,
    note: 'Counted by Filedock',
    title: `${size}, counted by Filedock`,
  })
  expect(storageUsed({ storageUsed: null }, { ...counted, complete: false }, englishIntl)).toEqual({
    value: size,
    note: 'Counted by Filedock so far',
    title: `${size}, counted by Filedock so far`,
  })
  expect(storageUsed({ storageUsed: null }, null, englishIntl)).toEqual({
    value: '—',
    note: null,
    title: '—',
  })
})
