import { useInfiniteQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { HistoryEntry } from '../../../../shared/history.ts'
import { api } from '../../app/bridge.ts'
import { call } from '../../lib/call.ts'
import { keys } from '../../lib/query-keys.ts'

const PAGE = 200
const NONE: HistoryEntry[] = []

/** The upload history, newest first, searched by name, code, folder or account; pages load as one scrolls. */
export function useHistory(text: string) {
  const query = useInfiniteQuery({
    queryKey: keys.historySearch(text),
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      call(api.history.search({ ...(text ? { text } : {}), limit: PAGE, offset: pageParam })),
    getNextPageParam: (last: HistoryEntry[], pages) => (last.length < PAGE ? undefined : pages.length * PAGE),
  })
  // The same array until a page arrives: the view groups the entries into batches and asks their health from it.
  const pages = query.data?.pages
  const entries = useMemo(() => pages?.flat() ?? NONE, [pages])
  return {
    entries,
    isPending: query.isPending,
    error: query.error,
    refetch: () => void query.refetch(),
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  }
}
