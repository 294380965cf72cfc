import type { AccountInfo } from '../../../../shared/api/types.ts'
import { formatSize } from '../../lib/format.ts'
import type { CountedStorage } from './use-counted-storage.ts'

/**
 * "Storage used": the host's figure when it gives one; else the sum of the account's files in the index, with a
 * note saying so (the host may count otherwise: files it keeps that a listing does not show, or files the first
 * crawl has not reached yet); "—" while neither is known.
 */
export function storageUsed(
  info: Pick<AccountInfo, 'storageUsed'>,
  counted: CountedStorage | null,
): { value: string; note: string | null } {
  if (info.storageUsed !== null) return { value: formatSize(info.storageUsed), note: null }
  if (counted === null) return { value: '—', note: null }
  return {
    value: formatSize(counted.bytes),
    note: counted.complete ? 'Counted by Filedock' : 'Counted by Filedock so far',
  }
}
