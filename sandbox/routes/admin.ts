import type { IncomingMessage, ServerResponse } from 'node:http'
import { createAccount } from '../accounts.ts'
import type { Ctx } from '../context.ts'
import { commit } from '../context.ts'
import { badParam, notFound, sendOk } from '../envelope.ts'
import type { FaultConfig } from '../faults.ts'
import { faultParams, mergeFaults } from '../faults.ts'
import type { Params } from '../params.ts'
import { accountFor, optionalInt, requiredParam } from '../params.ts'
import {
  type HostVariant,
  namedVariants,
  specVariant,
  variantDiff,
  variantParams,
  variantValue,
} from '../variants.ts'
import { disallowedOf, setDisallowed } from './disallow.ts'

/**
 * Sandbox-only routes under /sandbox/ (not part of the spec, never subject to faults). All need a valid key of
 * any account; the sandbox has no admin role.
 */

/** GET /sandbox/file/delete?key&file_code: moves a file of the account to its deleted files. */
export async function adminDeleteFile(ctx: Ctx, _req: IncomingMessage, res: ServerResponse, q: Params) {
  const acct = accountFor(ctx, q)
  const rec = ctx.store.fileOf(acct, requiredParam(q, 'file_code'))
  if (!rec) throw notFound('File not found')
  await commit(ctx, { t: 'del', code: rec.code, at: Date.now() })
  sendOk(res, { result: 'true' })
}

/**
 * GET /sandbox/faults?key[&<any faultParams name>…&disallow][&variant=NAME,…&<any variantParams name>…]: sets the
 * given faults (others unchanged) and answers the whole config, camelCase as FaultConfig, plus `disallow` (the
 * switched-off operations, see disallow.ts) while any are, and `variant` (the fields that differ from the spec,
 * variants.ts) while any do. `disallow=` with a comma-separated list replaces it; empty allows everything again.
 * `variant=` names variants as `--variant` does (`variant=spec` goes back to the spec first); the single fields
 * (`link_host`, `requests_per_sec`…) apply after it. Faults and variants live in memory only: a restart starts
 * from the command-line ones.
 */
export async function adminFaults(ctx: Ctx, _req: IncomingMessage, res: ServerResponse, q: Params) {
  accountFor(ctx, q)
  const patch: Partial<FaultConfig> = {}
  for (const [param, field] of Object.entries(faultParams)) {
    const raw = q.get(param)
    if (raw === null || raw === '') continue
    patch[field] = Number(raw)
  }
  try {
    ctx.faults = mergeFaults(ctx.faults, patch)
  } catch (err) {
    throw badParam((err as Error).message)
  }
  const disallow = q.get('disallow')
  if (disallow !== null) setDisallowed(ctx, disallow)
  await setVariantFrom(ctx, q)
  const off = disallowedOf(ctx)
  const variant = variantDiff(ctx.variant)
  const limited = ctx.variant.requestsPerSec > 0 || ctx.variant.lockoutAfter > 0
  sendOk(res, {
    result: {
      ...ctx.faults,
      ...(off.length === 0 ? {} : { disallow: off }),
      ...(Object.keys(variant).length === 0 ? {} : { variant }),
      // What the rate and lock-out variants refused so far, and the requests the rate took: a client's test or
      // bench reads how often it met them and how much work the host did at its rate.
      ...(limited ? { refused: ctx.limits.refused, taken: ctx.limits.taken } : {}),
    },
  })
}

async function setVariantFrom(ctx: Ctx, q: Params): Promise<void> {
  const names = q.get('variant')
  let patch: Partial<HostVariant> = {}
  try {
    if (names !== null) {
      const all = names.split(',')
      const list = all.filter((n) => n.trim() !== 'spec')
      // `spec` first: every field back to the spec's, then the named ones on top.
      patch = {
        ...(list.length < all.length ? specVariant : {}),
        ...namedVariants(list.join(','), Date.now()),
      }
    }
    for (const [param, field] of Object.entries(variantParams)) {
      const raw = q.get(param)
      if (raw === null) continue
      ;(patch as Record<string, unknown>)[field] = variantValue(field, raw)
    }
    await ctx.setVariant(patch)
  } catch (err) {
    throw badParam((err as Error).message)
  }
}

/** GET /sandbox/account/create?key&email[&quota_bytes]: a new account; answers its key as result.key. */
export async function adminCreateAccount(ctx: Ctx, _req: IncomingMessage, res: ServerResponse, q: Params) {
  accountFor(ctx, q)
  const email = requiredParam(q, 'email')
  const quotaBytes = optionalInt(q, 'quota_bytes')
  if (quotaBytes !== undefined && quotaBytes < 0) throw badParam('Invalid quota_bytes')
  const acct = await createAccount(ctx, email, quotaBytes === undefined ? {} : { quotaBytes })
  sendOk(res, { result: { key: acct.key, email: acct.email } })
}

/**
 * GET /sandbox/downloads?key[&file_code=a,b][&clear=1]: what the file server did with each direct-link request
 * for the account's files (served-ranges.ts), as `result.files` keyed by file code, oldest request first, and
 * `result.forgotten`, how many requests (of any account) the bounded log has let go. Only the given codes with
 * `file_code`. `clear=1` forgets the requests it answers, so the next call sees only newer ones.
 */
export function adminDownloads(ctx: Ctx, _req: IncomingMessage, res: ServerResponse, q: Params): void {
  const acct = accountFor(ctx, q)
  const list = q.get('file_code')
  const codes = list ? new Set(list.split(',').map((c) => c.trim())) : undefined
  const clear = q.get('clear')
  if (clear !== null && clear !== '0' && clear !== '1') throw badParam('Invalid clear: expected 0 or 1')
  const files = ctx.served.of(acct.id, codes)
  if (clear === '1') ctx.served.clear(acct.id, codes)
  sendOk(res, { result: { files, forgotten: ctx.served.forgotten } })
}
