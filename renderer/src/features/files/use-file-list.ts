import { useInfiniteQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import type { FileListItem } from '../../../../shared/api/types.ts'
import { api } from '../../app/bridge.ts'
import { call } from '../../lib/call.ts'
import { keys } from '../../lib/query-keys.ts'

/**
 * Pages of 500: large enough that a 5,000-file folder loads in ten round trips while scrolling, small enough
 * for a quick first paint. The host's maximum per_page is not shown; if it clamps, the paging below still
 * holds because it counts files received, not pages requested.
 */
export const PAGE_SIZE = 500

export interface FileListState {
  files: FileListItem[]
  total: number
  isLoading: boolean
  error: Error | null
  hasMore: boolean
  loadingMore: boolean
  loadMore: () => void
  refetch: () => void
}

/** fldId null: the files of every folder (file/list without fld_id). */
export function useFileList(accountId: string, fldId: number | null, search: string): FileListState {
  const query = useInfiniteQuery({
    queryKey: keys.fileList(accountId, fldId ?? 'all', search),
    enabled: accountId !== '',
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      call(
        api.files.list({
          accountId,
          ...(fldId === null ? {} : { fldId }),
          page: pageParam,
          perPage: PAGE_SIZE,
          ...(search ? { name: search } : {}),
        }),
      ),
    getNextPageParam: (last, pages) => {
      const received = pages.reduce((n, p) => n + p.files.length, 0)
      return last.files.length > 0 && received < last.resultsTotal ? pages.length + 1 : undefined
    },
  })

  // Files can shift between pages while loading (a rename elsewhere reorders the list): keep the first sighting.
  const files = useMemo(() => {
    const seen = new Set<string>()
    const out: FileListItem[] = []
    for (const page of query.data?.pages ?? []) {
      for (const f of page.files) {
        if (!seen.has(f.fileCode)) {
          seen.add(f.fileCode)
          out.push(f)
        }
      }
    }
    return out
  }, [query.data])

  // Stable between renders, so the pane's "near the end" effect runs when scrolling, not on every render.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])

  const last = query.data?.pages.at(-1)
  return {
    files,
    total: Math.max(last?.resultsTotal ?? 0, files.length),
    isLoading: query.isPending,
    error: query.error,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore,
    refetch: () => void query.refetch(),
  }
}
