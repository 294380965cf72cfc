import { useQuery } from '@tanstack/react-query'
import type { FolderListing } from '../../../../shared/api/types.ts'
import { compareNaturally } from '../../../../shared/natural-name.ts'
import { api } from '../../app/bridge.ts'
import { call } from '../../lib/call.ts'
import { keys } from '../../lib/query-keys.ts'

/** One folder's listing (subfolders and files), fetched when a tree node is first expanded. */
export function useFolderListing(accountId: string, fldId: number, enabled: boolean) {
  return useQuery({
    queryKey: keys.folder(accountId, fldId),
    enabled: enabled && accountId !== '',
    queryFn: () => call(api.folders.list({ accountId, fldId })),
    select: sortedFolders,
  })
}

// One function for every render: react-query sorts again only when the listing itself changes. Names sort as
// people count, as the list beside the tree does (the index's name_key).
const sortedFolders = (listing: FolderListing) =>
  [...listing.folders].sort((a, b) => compareNaturally(a.name, b.name))
