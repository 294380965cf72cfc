import { expect, it } from 'vitest'
import { formatSize } from '../../lib/format.ts'
import { storageUsed } from './storage-used.ts'

it('shows the host’s figure when it gives one, else the index’s sum saying it is counted by Filedock', () => {
  const counted = { bytes: 318 * 1024 * 1024, complete: true }
  expect(storageUsed({ storageUsed: 5_000 }, counted)).toEqual({ value: formatSize(5_000), note: null })
  expect(storageUsed({ storageUsed: null }, counted)).toEqual({
    value: formatSize(318 * 1024 * 1024),
    note: 'Counted by Filedock',
  })
  expect(storageUsed({ storageUsed: null }, { ...counted, complete: false }).note).toBe(
    'Counted by Filedock so far',
  )
  expect(storageUsed({ storageUsed: null }, null)).toEqual({ value: '—', note: null })
})
