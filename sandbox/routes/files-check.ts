import type { IncomingMessage, ServerResponse } from 'node:http'
import { isFileCode } from '../codes.ts'
import type { Ctx } from '../context.ts'
import { ApiError, badParam, sendOk } from '../envelope.ts'
import { readForm } from '../form.ts'
import { refusedByLimits } from '../host-limits.ts'
import { accountFor } from '../params.ts'

export const maxCheckUrls = 100

/** The file code a checked URL names: the first path segment (`{base}/<code>` or `…/<code>/<name>.html`). */
function codeOf(url: string): string | undefined {
  let first: string
  try {
    first = new URL(url).pathname.split('/')[1] ?? ''
  } catch {
    first = url.trim()
  }
  return isFileCode(first) ? first : undefined
}

/**
 * Op 14, POST form: key and url_0 … url_N. At most 100 url_N fields (more is a 400 error); none gives an empty
 * result. Each result is keyed by the URL exactly as submitted. A URL is found when its code is an alive file of
 * any account (the host's files are public); the host part of the URL is not compared, as real hosts answer for
 * their mirror domains too. Not found: `{found: false, file_size: 0}`.
 */
export async function filesCheck(ctx: Ctx, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'POST') throw new ApiError(405, 'Method not allowed: POST a form', 405)
  const form = await readForm(req, maxCheckUrls + 20)
  // The key is in the form, so the rate variant counts this call here rather than in the router.
  const key = form.get('key')
  if (key !== null && refusedByLimits(ctx, key, req, res)) return
  accountFor(ctx, form)
  const urls = [...new Set(form.keys())].filter((k) => /^url_\d+$/.test(k)).flatMap((k) => form.getAll(k))
  if (urls.length > maxCheckUrls) throw badParam(`Too many URLs: at most ${maxCheckUrls} url_N fields`)
  const result: Record<string, { file_size: number; found: boolean }> = {}
  for (const url of urls) {
    const code = codeOf(url)
    const rec = code === undefined ? undefined : ctx.store.aliveFile(code)
    result[url] = { file_size: rec?.size ?? 0, found: rec !== undefined }
  }
  sendOk(res, { result })
}
