import { useQuery } from '@tanstack/react-query'
import { api } from '../../app/bridge.ts'
import { call } from '../../lib/call.ts'
import { keys } from '../../lib/query-keys.ts'

/** One folder's listing (subfolders and files), fetched when a tree node is first expanded. */
export function useFolderListing(accountId: string, fldId: number, enabled: boolean) {
  return useQuery({
    queryKey: keys.folder(accountId, fldId),
    enabled: enabled && accountId !== '',
    queryFn: () => call(api.folders.list({ accountId, fldId })),
    select: (listing) => [...listing.folders].sort((a, b) => a.name.localeCompare(b.name)),
  })
}
