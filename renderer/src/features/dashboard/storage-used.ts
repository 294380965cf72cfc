import type { IntlShape } from 'react-intl'
import type { AccountInfo } from '../../../../shared/api/types.ts'
import { formatSize } from '../../lib/format.ts'
import type { CountedStorage } from './use-counted-storage.ts'

/**
 * "Storage used": the host's figure when it gives one; else the sum of the account's files in the index, with a
 * note saying so (the host may count otherwise: files it keeps that a listing does not show, or files the first
 * crawl has not reached yet); "—" while neither is known. `title` says the value and its note in one phrase.
 */
export function storageUsed(
  info: Pick<AccountInfo, 'storageUsed'>,
  counted: CountedStorage | null,
  intl: IntlShape,
): { value: string; note: string | null; title: string } {
  if (info.storageUsed !== null) {
    const value = formatSize(info.storageUsed)
    return { value, note: null, title: value }
  }
  if (counted === null) return { value: '—', note: null, title: '—' }
  const size = formatSize(counted.bytes)
  return counted.complete
    ? {
        value: size,
        note: intl.formatMessage({
          id: 'dashboard.storageUsed.counted',
          defaultMessage: 'Counted by Filedock',
        }),
        title: intl.formatMessage(
          { id: 'dashboard.storageUsed.countedTitle', defaultMessage: '{size}, counted by Filedock' },
          { size },
        ),
      }
    : {
        value: size,
        note: intl.formatMessage({
          id: 'dashboard.storageUsed.countedSoFar',
          defaultMessage: 'Counted by Filedock so far',
        }),
        title: intl.formatMessage(
          {
            id: 'dashboard.storageUsed.countedSoFarTitle',
            defaultMessage: '{size}, counted by Filedock so far',
          },
          { size },
        ),
      }
}
