import type { Ctx } from './context.ts'
import { ApiError, badParam } from './envelope.ts'
import type { Account } from './model.ts'
import { hasControl } from './names.ts'

/** Query string of a GET or fields of a POST form: both read the same way. */
export type Params = Pick<URLSearchParams, 'get' | 'getAll' | 'keys'>

/**
 * The key check of every account operation. The spec does not show the outcome of a missing or wrong key; hosts
 * of this family answer status 403 with msg `No key` / `Invalid key` (inside an HTTP 200 answer).
 */
export function accountFor(ctx: Ctx, q: Params): Account {
  const key = q.get('key')
  if (key === null || key === '') throw new ApiError(403, 'No key')
  const acct = ctx.store.byKey.get(key)
  if (!acct) throw new ApiError(403, 'Invalid key')
  return acct
}

/** An integer parameter; absent or empty means `fallback`, and is an error when there is none. */
export function intParam(q: Params, name: string, fallback?: number): number {
  const raw = q.get(name)
  if (raw === null || raw === '') {
    if (fallback === undefined) throw badParam(`Missing ${name}`)
    return fallback
  }
  if (!/^-?\d{1,15}$/.test(raw)) throw badParam(`Invalid ${name}: expected an integer`)
  return Number(raw)
}

export function optionalInt(q: Params, name: string): number | undefined {
  const raw = q.get(name)
  return raw === null || raw === '' ? undefined : intParam(q, name)
}

export function requiredParam(q: Params, name: string): string {
  const raw = q.get(name)
  if (raw === null || raw === '') throw badParam(`Missing ${name}`)
  return raw
}

/**
 * A new file or folder name: surrounding blanks trimmed, not empty, at most 255 characters, no control
 * characters (they would break the HTML page and Content-Disposition). Other characters, `/` included, are kept.
 */
export function nameParam(q: Params, name = 'name'): string {
  const value = (q.get(name) ?? '').trim()
  if (value === '') throw badParam(`Missing ${name}`)
  if (value.length > 255) throw badParam(`Invalid ${name}: longer than 255 characters`)
  if (hasControl(value)) throw badParam(`Invalid ${name}: control characters`)
  return value
}

/** `YYYY-MM-DD HH:MM:SS` (or just `YYYY-MM-DD`) read as UTC, like every timestamp the sandbox sends. */
export function timestampParam(q: Params, name: string): number | undefined {
  const raw = q.get(name)
  if (raw === null || raw === '') return undefined
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?$/.exec(raw.trim())
  const [y, mo, d, h, mi, s] = (m?.slice(1) ?? []).map((part) => Number(part ?? 0))
  const ms = m ? Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0) : Number.NaN
  if (Number.isNaN(ms)) throw badParam(`Invalid ${name}: expected YYYY-MM-DD HH:MM:SS`)
  return ms
}
