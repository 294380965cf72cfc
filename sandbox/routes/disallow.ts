import type { Ctx } from '../context.ts'
import { ApiError, badParam } from '../envelope.ts'
import { apiGets } from './table.ts'

/**
 * Operations a host may switch off for the API, as real XFileSharing hosts do per site or per plan: the call
 * is then answered with the words those hosts use, "This function not allowed in API", status 403 in the body
 * (HTTP 200, like every error of this family). Set with `--disallow file/list,file/clone` at start or at run
 * time with GET /sandbox/faults?disallow=… (empty: allow everything again). Kept in memory, like faults.
 */
export const DISALLOWED_WORDS = 'This function not allowed in API'

/**
 * The operations that can be switched off: the route table's /api/ paths, plus files/check (a POST routed on its
 * own); op 4 is the upload server's form, not an /api/ path. Read at call time: table.ts reaches this module
 * through admin.ts, so a module-level copy could run before the table exists.
 */
function operations(): Set<string> {
  return new Set([...Object.keys(apiGets).map((p) => p.slice('/api/'.length)), 'files/check'])
}

// Per sandbox (a process may run several in tests); Ctx stays as it is.
const disallowed = new WeakMap<Ctx, ReadonlySet<string>>()

/** Parses `file/list,file/clone` (spaces and a leading `/api/` tolerated); an unknown name is an error. */
export function parseDisallow(text: string): string[] {
  const names = text
    .split(',')
    .map((s) => s.trim().replace(/^\/?api\//, ''))
    .filter((s) => s !== '')
  const known = operations()
  const unknown = names.filter((n) => !known.has(n))
  if (unknown.length > 0) {
    throw new Error(`Unknown operation ${unknown.join(', ')}; one of: ${[...known].join(', ')}`)
  }
  return [...new Set(names)]
}

export function setDisallowed(ctx: Ctx, text: string): void {
  try {
    disallowed.set(ctx, new Set(parseDisallow(text)))
  } catch (err) {
    throw badParam((err as Error).message)
  }
}

export function disallowedOf(ctx: Ctx): string[] {
  return [...(disallowed.get(ctx) ?? [])]
}

/** Throws the host's refusal when `/api/<op>` is switched off. */
export function refuseDisallowed(ctx: Ctx, path: string): void {
  const op = path.replace(/^\/api\//, '')
  if (disallowed.get(ctx)?.has(op)) throw new ApiError(403, DISALLOWED_WORDS)
}
