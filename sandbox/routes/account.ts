import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Ctx } from '../context.ts'
import { dayOf, formatTimestamp, sendOk } from '../envelope.ts'
import type { Params } from '../params.ts'
import { accountFor, intParam } from '../params.ts'

const day = 86_400_000

/** An amount in units of 0.00001 as the spec's decimal string with 5 fractional digits. */
export function decimal5(units: number): string {
  const sign = units < 0 ? '-' : ''
  const abs = Math.abs(Math.round(units))
  return `${sign}${Math.floor(abs / 100_000)}.${String(abs % 100_000).padStart(5, '0')}`
}

/**
 * Op 1. storage_used is always null (the spec shows only null; its other format is not shown). storage_left is
 * `inf` for an unlimited account, else the bytes left as a decimal string. premium_expire is one year after the
 * account was created.
 */
export function accountInfo(ctx: Ctx, _req: IncomingMessage, res: ServerResponse, q: Params): void {
  const acct = accountFor(ctx, q)
  sendOk(res, {
    result: {
      email: acct.email,
      balance: decimal5(ctx.store.balance(acct)),
      storage_used: null,
      premium_expire: formatTimestamp(acct.created + 365 * day),
      storage_left: acct.quota === null ? 'inf' : String(Math.max(0, acct.quota - acct.used)),
    },
  })
}

/**
 * Op 2. One row per day for the last `last` days (default 7, today included, clamped to 1..365), oldest first.
 * Each row starts with `day` (`YYYY-MM-DD`, UTC) as real hosts of this family send; the spec's fields follow, all
 * strings. Downloads count fetches of direct links, views count file-page visits; sales and refs are always 0,
 * and each download earns 0.00010 (profit_site = profit_total).
 */
export function accountStats(ctx: Ctx, _req: IncomingMessage, res: ServerResponse, q: Params): void {
  const acct = accountFor(ctx, q)
  const last = Math.min(365, Math.max(1, intParam(q, 'last', 7)))
  const now = Date.now()
  const rows = []
  for (let d = last - 1; d >= 0; d--) {
    const key = dayOf(now - d * day)
    const s = acct.stats.get(key)
    rows.push({
      day: key,
      downloads: String(s?.downloads ?? 0),
      sales: '0',
      views: String(s?.views ?? 0),
      refs: '0',
      profit_sales: decimal5(0),
      profit_refs: decimal5(0),
      profit_site: decimal5(s?.profit ?? 0),
      profit_total: decimal5(s?.profit ?? 0),
    })
  }
  sendOk(res, { result: rows })
}
