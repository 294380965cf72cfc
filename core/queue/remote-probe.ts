import { defineMessages } from '@formatjs/intl'
import type { ErrorValues } from '../../shared/errors.ts'
import { refusedPort } from '../../shared/refused-ports.ts'
import { URL_CHECK_TIMEOUT_MS, type UrlCheck } from '../../shared/url-check.ts'
import { type ProblemText, problemText } from './problem-text.ts'

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

/** A UrlCheck whose reason (a dead link's, a web page's) carries its message id and values too. */
export type UrlProbe =
  | Extract<UrlCheck, { kind: 'file' }>
  | ({ url: string; kind: 'web_page' | 'dead' } & ProblemText)

export async function probeUrls(urls: readonly string[], o: ProbeOptions = {}): Promise<UrlProbe[]> {
  const out: UrlProbe[] = new Array(urls.length)
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
export async function probeUrl(url: string, o: ProbeOptions = {}): Promise<UrlProbe> {
  const port = refusedPort(url)
  if (port !== null) return { url, kind: 'dead', ...problemText(PROBE.refusedPort, { port }) }
  const timeoutMs = o.timeoutMs ?? URL_CHECK_TIMEOUT_MS
  let res: Response
  try {
    res = await ask(url, 'HEAD', timeoutMs, o.signal)
    if (!res.ok && res.status !== 404 && res.status !== 410) {
      res = await ask(url, 'GET', timeoutMs, o.signal)
    }
  } catch (err) {
    if (o.signal?.aborted) throw err
    return { url, kind: 'dead', ...unreachable(url, err, timeoutMs) }
  }
  if (!res.ok) return { url, kind: 'dead', ...statusText(res) }
  const contentType = res.headers.get('content-type')
  if (contentType && /^\s*(text\/html|application\/xhtml\+xml)\b/i.test(contentType)) {
    return { url, kind: 'web_page', ...problemText(PROBE.webPage) }
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

/** The server's status as it wrote it (`404 Not Found`): its reason phrase is its own words, a value. */
function statusText(res: Response): ProblemText {
  const code = `${res.status}${res.statusText ? ` ${res.statusText}` : ''}`
  if (res.status === 404 || res.status === 410) return problemText(PROBE.noSuchFile, { code })
  if (res.status === 401 || res.status === 403) return problemText(PROBE.refusesFile, { code })
  if (res.status === 429) return problemText(PROBE.turnedAway, { code })
  if (res.status >= 500) return problemText(PROBE.serverFailed, { code })
  return problemText(PROBE.refused, { code })
}

function unreachable(url: string, err: unknown, timeoutMs: number): ProblemText {
  const where = new URL(url).host
  const e = err as { name?: string; cause?: { code?: string; message?: string } }
  if (e.name === 'TimeoutError') return problemText(PROBE.noAnswer, { where, ...duration(timeoutMs) })
  switch (e.cause?.code) {
    case 'ECONNREFUSED':
      return problemText(PROBE.nothingAnswers, { where })
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return problemText(PROBE.noSuchName, { name: new URL(url).hostname })
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return problemText(PROBE.closed, { where })
    case 'UND_ERR_CONNECT_TIMEOUT':
      return problemText(PROBE.noAnswer, { where, ...duration(timeoutMs) })
    default:
      if (e.cause?.code?.startsWith('ERR_TLS') || /certificate/i.test(e.cause?.message ?? '')) {
        const detail = e.cause?.message
        return problemText(PROBE.insecure, { where, known: detail ? 'yes' : 'no', detail: detail ?? '' })
      }
      return problemText(PROBE.unreachable, { where, detail: e.cause?.message ?? (err as Error).message })
  }
}

/** A wait as the message writes it: milliseconds under a second, else whole seconds. */
export function duration(ms: number): ErrorValues {
  return ms < 1000 ? { unit: 'ms', amount: ms } : { unit: 's', amount: Math.round(ms / 1000) }
}

const PROBE = defineMessages({
  /**
   * Decision: a URL on a port fetch refuses (9, 25, 6000…: shared/refused-ports.ts) is refused here, at once.
   * Letting it through unchecked left it "fetching" for the whole time limit wherever the host's fetcher refuses
   * it too (the sandbox's does, as browsers do), with nothing said. A person whose host does reach such a port
   * turns the check off, as for any URL only the host can reach; the message says how.
   */
  refusedPort: {
    id: 'queue.urlCheck.refusedPort',
    defaultMessage:
      'Port {port} is kept for another kind of service (mail, FTP, chat…): Filedock, like web browsers, does not connect to it, so the URL cannot be checked, and hosts commonly refuse to fetch it. Serve the file on a usual web port (80, 443, 8080…), or, if your host does reach it, send it unchecked: turn off “Check each URL from this computer” in Settings (--no-probe for the CLI).',
  },
  webPage: {
    id: 'queue.urlCheck.webPage',
    defaultMessage:
      'This is a web page, not a file: the host would store the page itself (a small .html file), not what it links to.',
  },
  noSuchFile: {
    id: 'queue.urlCheck.noSuchFile',
    defaultMessage: 'The server says there is no such file ({code}).',
  },
  refusesFile: {
    id: 'queue.urlCheck.refusesFile',
    defaultMessage: 'The server refuses to hand out this file ({code}); it may need a login or a fresh link.',
  },
  turnedAway: {
    id: 'queue.urlCheck.turnedAway',
    defaultMessage: 'The server is turning requests away for now ({code}); try again later.',
  },
  serverFailed: {
    id: 'queue.urlCheck.serverFailed',
    defaultMessage: 'The server failed to answer ({code}); try again later.',
  },
  refused: { id: 'queue.urlCheck.refused', defaultMessage: 'The server refused the request ({code}).' },
  noAnswer: {
    id: 'queue.urlCheck.noAnswer',
    defaultMessage:
      '{where} did not answer within {unit, select, ms {{amount, number} ms} other {{amount, number} s}}.',
  },
  nothingAnswers: {
    id: 'queue.urlCheck.nothingAnswers',
    defaultMessage: 'Nothing answers at {where} (the connection was refused).',
  },
  noSuchName: { id: 'queue.urlCheck.noSuchName', defaultMessage: 'The address {name} could not be found.' },
  closed: { id: 'queue.urlCheck.closed', defaultMessage: '{where} closed the connection without answering.' },
  insecure: {
    id: 'queue.urlCheck.insecure',
    defaultMessage:
      'The secure connection to {where} failed ({known, select, yes {{detail}} other {certificate problem}}).',
  },
  unreachable: {
    id: 'queue.urlCheck.unreachable',
    defaultMessage: '{where} could not be reached ({detail}).',
  },
})
