import { useQuery } from '@tanstack/react-query'
import { api } from '../../app/bridge.ts'
import { call } from '../../lib/call.ts'
import { keys } from '../../lib/query-keys.ts'
import type { Selection } from '../files/index-query.ts'
import { useIndexStatus } from '../files/use-index-status.ts'

export interface CountedStorage {
  bytes: number
  /** False while the account's first full crawl is still on its way: the sum grows as it goes. */
  complete: boolean
}

/**
 * What an account's files take, summed by the index (main counts them; no row comes to the page): shown where the
 * host does not say how much storage is used (the spec shows storage_used only as null). Kept fresh as any
 * selection's count is: an index change (an upload, a crawl) refetches it. null until counted, and when not
 * `wanted`.
 */
export function useCountedStorage(accountId: string, wanted: boolean): CountedStorage | null {
  const selection: Selection = {
    kind: 'query',
    query: { scope: { kind: 'account', accountId }, sort: { key: 'size', dir: 'desc' } },
    except: [],
  }
  const summary = useQuery({
    queryKey: keys.indexSummary(selection),
    enabled: wanted && accountId !== '',
    queryFn: () => call(api.index.summarize({ selection })),
  })
  const status = useIndexStatus().data?.find((s) => s.accountId === accountId)
  if (!wanted || summary.data === undefined) return null
  return { bytes: summary.data.totalSize, complete: Boolean(status?.lastFullCrawl) }
}
