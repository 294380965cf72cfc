import { createHmac, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Ctx } from '../context.ts'
import { notFound, sendOk } from '../envelope.ts'
import type { Params } from '../params.ts'
import { accountFor, requiredParam } from '../params.ts'
import { linkBase } from '../records.ts'

function sign(ctx: Ctx, code: string, exp: string): string {
  return createHmac('sha256', ctx.store.secret).update(`${code}.${exp}`).digest('base64url').slice(0, 22)
}

/**
 * Op 7. The URL is `{base}/d/<code>.<expiry>.<signature>/<name>`: signed with the sandbox's secret, so it needs
 * no storage and still works after a restart until it expires. It lives `directLinkTtlSec` (6 hours unless the
 * faults say otherwise), counted from this call: a client asks for a fresh one when an old one stops working.
 * `{base}` is where the host's links point now (the link-domain variants: real hosts serve files from their link
 * domain's servers, not from the API's name), the API's own address under the spec.
 */
export function directLink(ctx: Ctx, _req: IncomingMessage, res: ServerResponse, q: Params): void {
  const acct = accountFor(ctx, q)
  const rec = ctx.store.fileOf(acct, requiredParam(q, 'file_code'))
  if (!rec) throw notFound('File not found')
  const exp = Math.round(Date.now() + ctx.faults.directLinkTtlSec * 1000).toString(36)
  const token = `${rec.code}.${exp}.${sign(ctx, rec.code, exp)}`
  sendOk(res, {
    result: { url: `${linkBase(ctx)}/d/${token}/${encodeURIComponent(rec.name)}`, size: rec.size },
  })
}

/** A link's file code and whether it has expired; undefined when the signature is not the sandbox's. */
export function readLink(ctx: Ctx, token: string): { code: string; expired: boolean } | undefined {
  const [code = '', exp = '', sig = ''] = token.split('.')
  const want = Buffer.from(sign(ctx, code, exp))
  const got = Buffer.from(sig)
  if (got.length !== want.length || !timingSafeEqual(got, want)) return undefined
  return { code, expired: Number.parseInt(exp, 36) < Date.now() }
}
