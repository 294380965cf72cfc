import { refusedPort } from '../../shared/refused-ports.ts'
import { URL_CHECK_TIMEOUT_MS, type UrlCheck, WEB_PAGE_MESSAGE } from '../../shared/url-check.ts'

/**
 * Checks a remote URL before a host is asked to fetch it, so a dead link fails at once with its reason instead of
 * after the whole tracking time, and a web page (a file's download page pasted instead of the file) is caught
 * before the host stores the page as a tiny .html file.
 *
 * Decision (the spec says nothing about it): the check runs from this computer, which may see a different network
 * than the host (an intranet URL only the host reaches, or one only this computer reaches). The common case is a
 * public URL both see alike, so the check is on by default; `--no-probe` (CLI) and the "Check URLs before sending"
 * setting (app) turn it off for the rare URL only the host can reach.
 */

export interface ProbeOptions {
  timeoutMs?: number
  signal?: AbortSignal
}

/** Checks done at once: a paste of hundreds of URLs should not open hundreds of connections. */
const PROBES_AT_ONCE = 8

export async function probeUrls(urls: readonly string[], o: ProbeOptions = {}): Promise<UrlCheck[]> {
  const out: UrlCheck[] = new Array(urls.length)
  let next = 0
  const worker = async () => {
    while (next < urls.length) {
      const i = next++
      out[i] = await probeUrl(urls[i] as string, o)
    }
  }
  await Promise.all(Array.from({ length: Math.min(PROBES_AT_ONCE, urls.length) }, worker))
  return out
}

/** HEAD first; a server that refuses HEAD (405, 501, or a 403 from URLs signed for GET) gets one byte by GET. */
export async function probeUrl(url: string, o: ProbeOptions = {}): Promise<UrlCheck> {
  const port = refusedPort(url)
  if (port !== null) return { url, kind: 'dead', message: refusedPortMessage(port) }
  const timeoutMs = o.timeoutMs ?? URL_CHECK_TIMEOUT_MS
  let res: Response
  try {
    res = await ask(url, 'HEAD', timeoutMs, o.signal)
    if (!res.ok && res.status !== 404 && res.status !== 410) {
      res = await ask(url, 'GET', timeoutMs, o.signal)
    }
  } catch (err) {
    if (o.signal?.aborted) throw err
    return { url, kind: 'dead', message: unreachable(url, err, timeoutMs) }
  }
  if (!res.ok) return { url, kind: 'dead', message: statusMessage(res) }
  const contentType = res.headers.get('content-type')
  if (contentType && /^\s*(text\/html|application\/xhtml\+xml)\b/i.test(contentType)) {
    return { url, kind: 'web_page', message: WEB_PAGE_MESSAGE }
  }
  return { url, kind: 'file', size: sizeOf(res), contentType }
}

async function ask(url: string, method: 'HEAD' | 'GET', timeoutMs: number, signal?: AbortSignal) {
  const timeout = AbortSignal.timeout(timeoutMs)
  const res = await fetch(url, {
    method,
    redirect: 'follow',
    headers: method === 'GET' ? { range: 'bytes=0-0' } : {},
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  })
  // Only the headers matter: the body (one byte, or a whole file from a server that ignores Range) is dropped.
  await res.body?.cancel().catch(() => {})
  return res
}

function sizeOf(res: Response): number | null {
  const range = res.headers.get('content-range')?.match(/\/(\d+)\s*$/)
  if (range) return Number(range[1])
  const length = res.headers.get('content-length')
  return res.status === 200 && length !== null && /^\d+$/.test(length) ? Number(length) : null
}

/**
 * Decision: a URL on a port fetch refuses (9, 25, 6000…: shared/refused-ports.ts) is refused here, at once. Letting
 * it through unchecked left it "fetching" for the whole time limit wherever the host's fetcher refuses it too
 * (the sandbox's does, as browsers do), with nothing said. A person whose host does reach such a port turns the
 * check off, as for any URL only the host can reach; the message says how.
 */
function refusedPortMessage(port: number): string {
  return `Port ${port} is kept for another kind of service (mail, FTP, chat…): Filedock, like web browsers, does not connect to it, so the URL cannot be checked, and hosts commonly refuse to fetch it. Serve the file on a usual web port (80, 443, 8080…), or, if your host does reach it, send it unchecked: turn off “Check each URL from this computer” in Settings (--no-probe for the CLI).`
}

function statusMessage(res: Response): string {
  const code = `${res.status}${res.statusText ? ` ${res.statusText}` : ''}`
  if (res.status === 404 || res.status === 410) return `The server says there is no such file (${code}).`
  if (res.status === 401 || res.status === 403)
    return `The server refuses to hand out this file (${code}); it may need a login or a fresh link.`
  if (res.status === 429) return `The server is turning requests away for now (${code}); try again later.`
  if (res.status >= 500) return `The server failed to answer (${code}); try again later.`
  return `The server refused the request (${code}).`
}

function unreachable(url: string, err: unknown, timeoutMs: number): string {
  const where = new URL(url).host
  const e = err as { name?: string; cause?: { code?: string; message?: string } }
  if (e.name === 'TimeoutError') return `${where} did not answer within ${duration(timeoutMs)}.`
  switch (e.cause?.code) {
    case 'ECONNREFUSED':
      return `Nothing answers at ${where} (the connection was refused).`
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The address ${new URL(url).hostname} could not be found.`
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return `${where} closed the connection without answering.`
    case 'UND_ERR_CONNECT_TIMEOUT':
      return `${where} did not answer within ${duration(timeoutMs)}.`
    default:
      if (e.cause?.code?.startsWith('ERR_TLS') || /certificate/i.test(e.cause?.message ?? ''))
        return `The secure connection to ${where} failed (${e.cause?.message ?? 'certificate problem'}).`
      return `${where} could not be reached (${e.cause?.message ?? (err as Error).message}).`
  }
}

function duration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`
}
