import type { AccountInfo, AccountStatsEntry } from '../../../../shared/api/types.ts'
import type { CountedStorage } from './use-counted-storage.ts'

/** Premium ending this close is worth a warning: enough time to renew before uploads are limited. */
export const PREMIUM_WARNING_DAYS = 14
const DAY_MS = 86_400_000

/**
 * Whole days until premium ends (0: ends today; negative: already ended), or null when the host sent no date.
 * The host's timestamps carry no zone (the spec does not say which); they are read as UTC, as the sandbox
 * writes them, which is at most a day off for a warning counted in days.
 */
export function premiumDaysLeft(premiumExpire: string | null, now: Date): number | null {
  if (!premiumExpire) return null
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?/.exec(premiumExpire)
  if (!match) return null
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match
  const ends = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s))
  return Math.floor((ends - now.getTime()) / DAY_MS)
}

/** True when premium ends within PREMIUM_WARNING_DAYS, or ended already. */
export function premiumEndsSoon(premiumExpire: string | null, now: Date): boolean {
  const days = premiumDaysLeft(premiumExpire, now)
  return days !== null && days <= PREMIUM_WARNING_DAYS
}

/** Used of total storage for the bar; `counted` when the used part is the index's sum, not the host's figure. */
export interface StorageShare {
  used: number
  total: number
  fraction: number
  counted: boolean
}

/**
 * Used and left storage for the bar. The host's figures when it gives both; where it does not say what is used
 * (the spec shows `storage_used` only as null, its format not at all) but says what is left, the used part is
 * the sum of the account's files the index has counted, once its crawl is complete: a sum still growing would
 * draw a bar that fills as the crawl goes, not as the storage does. Null when nothing can be drawn honestly:
 * `inf` left has no end, and no count has no start.
 */
export function storageShare(info: AccountInfo, counted: CountedStorage | null = null): StorageShare | null {
  if (info.storageLeft === 'unlimited') return null
  const host = info.storageUsed !== null
  const used = host ? info.storageUsed : counted?.complete ? counted.bytes : null
  if (used === null) return null
  const total = used + info.storageLeft
  if (!(total > 0)) return null
  return { used, total, fraction: Math.min(1, Math.max(0, used / total)), counted: !host }
}

export interface StatsTotals {
  downloads: number
  views: number
  profit: number
}

export function sumStats(rows: readonly AccountStatsEntry[]): StatsTotals {
  return rows.reduce(
    (t, r) => ({
      downloads: t.downloads + r.downloads,
      views: t.views + r.views,
      profit: t.profit + r.profitTotal,
    }),
    { downloads: 0, views: 0, profit: 0 },
  )
}

/** A day on which anything at all happened. */
const active = (r: AccountStatsEntry) =>
  r.downloads > 0 || r.views > 0 || r.sales > 0 || r.refs > 0 || r.profitTotal > 0

/**
 * The "All" range from the account's first activity: the host answers every day asked for (a year), and the days
 * before the account had anything are zeros that say nothing and squeeze the days that do into a corner. Rows
 * must be in day order; days of nothing after the first activity stay (a quiet week is information).
 */
export function fromFirstActivity(rows: readonly AccountStatsEntry[]): AccountStatsEntry[] {
  const first = rows.findIndex(active)
  return first < 0 ? [] : rows.slice(first)
}
