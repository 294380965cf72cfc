import { useQuery } from '@tanstack/react-query'
import type { FileInfo } from '../../../../shared/api/types.ts'
import type { IndexFileRow } from '../../../../shared/file-index.ts'
import { api } from '../../app/bridge.ts'
import { call } from '../../lib/call.ts'
import { keys } from '../../lib/query-keys.ts'

/**
 * The file's row as the index has it now, and its record fresh from the host. The row's key sits under the
 * account's "all" windows, so any change to the account's index (a rename, a move, a crawl) refetches it; the
 * host's record sits under the account's file lists, which every change the app makes to files invalidates.
 */
export function useFileDetails(row: IndexFileRow) {
  const { accountId, fileCode } = row
  const indexed = useQuery({
    queryKey: [...keys.indexIn(accountId, 'all'), 'file', fileCode],
    queryFn: () => call(api.index.file({ accountId, fileCode })),
    placeholderData: row,
  })
  const info = useQuery({
    queryKey: [...keys.files(accountId), 'details', fileCode],
    queryFn: () => call(api.files.info({ accountId, fileCodes: [fileCode] })),
    select: (records: FileInfo[]) => records.find((r) => r.fileCode === fileCode) ?? null,
    // Opening the details asks the host each time: counts like downloads change without Filedock knowing.
    staleTime: 0,
    retry: false,
  })
  const fresh = indexed.data?.kind === 'file' ? indexed.data : row
  return { row: fresh, info }
}
