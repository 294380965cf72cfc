import { useQueries, useQuery } from '@tanstack/react-query'
import type { AccountView } from '../../../../shared/accounts.ts'
import type { AccountStatsEntry } from '../../../../shared/api/types.ts'
import { MAX_STATS_DAYS } from '../../../../shared/ipc/limits.ts'
import { api } from '../../app/bridge.ts'
import { call } from '../../lib/call.ts'
import { keys } from '../../lib/query-keys.ts'
import { fromFirstActivity } from './dashboard-math.ts'

export type StatsRange = '7' | '30' | 'all'
export const statsRanges: readonly StatsRange[] = ['7', '30', 'all']
// "All" asks for the longest range the contract allows (a year); the spec shows no way to ask for everything.
const rangeDays: Record<StatsRange, number> = { '7': 7, '30': 30, all: MAX_STATS_DAYS }

export function useAccountInfo(accountId: string) {
  return useQuery(infoQuery(accountId))
}

export function useAccountStats(accountId: string, range: StatsRange) {
  return useQuery(statsQuery(accountId, range))
}

/** Info and statistics of every account whose key can be read, for the totals across accounts. */
export function useAllAccounts(accounts: readonly AccountView[], range: StatsRange) {
  const usable = accounts.filter((a) => !a.needsKey)
  const infos = useQueries({ queries: usable.map((a) => infoQuery(a.id)) })
  const stats = useQueries({ queries: usable.map((a) => statsQuery(a.id, range)) })
  return usable.map((account, i) => ({ account, info: infos[i], stats: stats[i] }))
}

function infoQuery(accountId: string) {
  return {
    queryKey: keys.accountInfo(accountId),
    enabled: accountId !== '',
    queryFn: () => call(api.account.info({ accountId })),
  }
}

function statsQuery(accountId: string, range: StatsRange) {
  return {
    // Under the account's stats key, so invalidating the account's statistics covers every range.
    queryKey: [...keys.accountStats(accountId), range] as const,
    enabled: accountId !== '',
    queryFn: () => call(api.account.stats({ accountId, days: rangeDays[range] })),
    // Rows carry a day only on hosts that send one (the spec shows none); order by it when present. "All"
    // starts at the account's first activity (only in day order can the days before it be known).
    select: (rows: AccountStatsEntry[]) => {
      if (!rows.some((r) => r.day)) return rows
      const ordered = [...rows].sort((a, b) => (a.day ?? '').localeCompare(b.day ?? ''))
      return range === 'all' ? fromFirstActivity(ordered) : ordered
    },
  }
}
