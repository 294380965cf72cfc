import { useQuery } from '@tanstack/react-query'
import type { IndexFileRow } from '../../../../shared/file-index.ts'
import { api } from '../../app/bridge.ts'
import { call } from '../../lib/call.ts'

/**
 * The file's direct link, asked for when its preview opens (never before: each costs the host a call). Going
 * back to a file just seen reuses its link for a few minutes; links live hours on the hosts we know.
 */
export function useDirectLink(file: IndexFileRow) {
  return useQuery({
    queryKey: ['preview-link', file.accountId, file.fileCode],
    queryFn: () => call(api.files.directLink({ accountId: file.accountId, fileCode: file.fileCode })),
    staleTime: 5 * 60_000,
    gcTime: 5 * 60_000,
    retry: false,
  })
}
