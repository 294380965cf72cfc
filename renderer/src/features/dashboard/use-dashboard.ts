import { useQuery } from '@tanstack/react-query'
import { api } from '../../app/bridge.ts'
import { call } from '../../lib/call.ts'
import { keys } from '../../lib/query-keys.ts'

export function useAccountInfo(accountId: string) {
  return useQuery({
    queryKey: keys.accountInfo(accountId),
    enabled: accountId !== '',
    queryFn: () => call(api.account.info({ accountId })),
  })
}

export function useAccountStats(accountId: string) {
  return useQuery({
    queryKey: keys.accountStats(accountId),
    enabled: accountId !== '',
    queryFn: () => call(api.account.stats({ accountId })),
    // Rows carry a day only on hosts that send one (the spec shows none); order by it when present.
    select: (rows) =>
      rows.some((r) => r.day) ? [...rows].sort((a, b) => (a.day ?? '').localeCompare(b.day ?? '')) : rows,
  })
}
