import type { IncomingHttpHeaders } from 'node:http'
import { defineMessages } from '@formatjs/intl'
import { type Dispatcher, request } from 'undici'
import { type ErrorValues, FiledockError } from '../../shared/errors.ts'
import { type ErrorMessage, translatedError } from '../../shared/i18n/error-text.ts'
import { describeUrl, redactSecrets } from '../logging/redact.ts'
import { readAnswer, readPicked } from './answer-body.ts'
import { assertEnvelopeOk, hostError } from './envelope.ts'
import { proxyFailure } from './proxy-failure.ts'
import { parseRetryAfter } from './retry.ts'

/** What every request of one client shares. */
export interface HttpContext {
  dispatcher: Dispatcher
  /** The proxy a URL goes through (`scheme://host:port`), for messages that blame the proxy, not the host. */
  proxyFor?: (url: URL) => string | undefined
  apiKey: string
  userAgent: string
  timeoutMs: number
}

export interface ApiRequest {
  operation: string
  method: 'GET' | 'POST'
  /** Full URL, `key` included for GET calls. */
  url: URL
  /** For POST forms (files/check): sent as application/x-www-form-urlencoded. */
  form?: URLSearchParams
  signal?: AbortSignal | undefined
}

/**
 * One API call: a total time limit (connect + answer), the caller's AbortSignal, transport failures and
 * non-JSON answers turned into typed errors, and the envelope checked. Returns the parsed JSON body.
 */
export function requestJson(ctx: HttpContext, req: ApiRequest): Promise<unknown> {
  return send(ctx, req, async (res) =>
    interpretAnswer(
      req.operation,
      res.statusCode,
      res.headers,
      await readAnswer(res.body, req.operation),
      ctx.apiKey,
    ),
  )
}

/**
 * An API call whose answer keeps only the values at `paths` (see answer-body.ts), read as it arrives. Failures
 * (an HTTP error, a body that is not JSON, an envelope that reports one) are the same typed errors as
 * requestJson's.
 */
export function requestPicked(ctx: HttpContext, req: ApiRequest, paths: readonly string[]): Promise<unknown> {
  const { operation } = req
  return send(ctx, req, async (res) => {
    const { statusCode, headers } = res
    if (statusCode < 200 || statusCode > 299)
      return interpretAnswer(
        operation,
        statusCode,
        headers,
        await readAnswer(res.body, operation),
        ctx.apiKey,
      )
    const picked = await readPicked(res.body, operation, paths, (head) => {
      throw unreadable(operation, statusCode, headers, head, retryOf(headers), ctx.apiKey)
    })
    assertEnvelopeOk(operation, picked, ctx.apiKey)
    return picked
  })
}

async function send<T>(
  ctx: HttpContext,
  req: ApiRequest,
  answer: (res: Dispatcher.ResponseData) => Promise<T>,
): Promise<T> {
  const { operation } = req
  const guard = new RequestGuard(req.signal, ctx.timeoutMs)
  try {
    guard.throwIfCancelled(operation)
    const headers: Record<string, string> = { 'user-agent': ctx.userAgent, accept: 'application/json' }
    let body: string | undefined
    if (req.form) {
      body = req.form.toString()
      headers['content-type'] = 'application/x-www-form-urlencoded'
    }
    const res = await request(req.url, {
      method: req.method,
      headers,
      body: body ?? null,
      dispatcher: ctx.dispatcher,
      signal: guard.signal,
    })
    return await answer(res)
  } catch (err) {
    throw guard.explain(err, operation, req.url, ctx)
  } finally {
    guard.dispose()
  }
}

/** Links the caller's signal and a timer into one signal, and remembers which of them fired. */
export class RequestGuard {
  private readonly controller = new AbortController()
  private timer: NodeJS.Timeout | undefined
  private timedOut = false
  private readonly onCallerAbort = () => this.controller.abort()

  constructor(
    private readonly callerSignal: AbortSignal | undefined,
    private readonly limitMs: number,
  ) {
    callerSignal?.addEventListener('abort', this.onCallerAbort, { once: true })
    this.restart()
  }

  get signal(): AbortSignal {
    return this.controller.signal
  }

  /** Whether the timer (not the caller) ended the request. */
  get expired(): boolean {
    return this.timedOut
  }

  /** (Re)starts the timer; for uploads it is an idle timer restarted on every chunk. */
  restart(limitMs = this.limitMs): void {
    clearTimeout(this.timer)
    if (limitMs <= 0 || !Number.isFinite(limitMs)) return
    this.timer = setTimeout(() => {
      this.timedOut = true
      this.controller.abort()
    }, limitMs)
    this.timer.unref?.()
  }

  /**
   * `pending`, or this guard's abort as soon as it fires, whichever comes first. undici's `request()` settles only
   * once its request is on a connection, so an abort while the request waits in the pool's queue (every
   * connection busy) would wait for one to free. undici drops the request unwritten when its turn comes (closing
   * the connection it was offered: one reconnect, undici's way of aborting). `release` lets go of an answer that
   * arrives after the abort won.
   */
  async first<T>(pending: Promise<T>, release: (late: T) => void): Promise<T> {
    const { signal } = this.controller
    let lost = false
    let onAbort = () => {}
    const aborted = new Promise<never>((_resolve, reject) => {
      onAbort = () => reject(signal.reason)
      if (signal.aborted) onAbort()
      else signal.addEventListener('abort', onAbort, { once: true })
    })
    pending.then(
      (late) => {
        if (lost) release(late)
      },
      () => {},
    )
    try {
      return await Promise.race([pending, aborted])
    } catch (err) {
      lost = true
      throw err
    } finally {
      signal.removeEventListener('abort', onAbort)
    }
  }

  throwIfCancelled(operation: string): void {
    if (this.callerSignal?.aborted) throw cancelledError(operation)
  }

  /**
   * The typed error for whatever went wrong; FiledockErrors thrown deliberately pass through. `where` is the
   * address as it may be shown (describeUrl by default, describeFileLink for a link whose path is a secret);
   * through a proxy (`ctx.proxyFor`), a failure that is the proxy's names the proxy instead.
   */
  explain(
    err: unknown,
    operation: string,
    url: URL,
    ctx: { apiKey: string; proxyFor?: ((url: URL) => string | undefined) | undefined },
    where = describeUrl(url.href),
  ): FiledockError {
    if (this.callerSignal?.aborted) return cancelledError(operation, err)
    if (this.timedOut) {
      return translatedError(
        { kind: 'timeout', operation },
        TEXT.noAnswer,
        { limit: formatMs(this.limitMs), where },
        { cause: err },
      )
    }
    if (err instanceof FiledockError) return err
    const proxy = ctx.proxyFor?.(url)
    return transportError(err, operation, where, ctx.apiKey, proxy === undefined ? undefined : { proxy, url })
  }

  dispose(): void {
    clearTimeout(this.timer)
    this.callerSignal?.removeEventListener('abort', this.onCallerAbort)
  }
}

export function cancelledError(operation: string, cause?: unknown): FiledockError {
  return translatedError({ kind: 'cancelled', operation }, TEXT.cancelled, {}, { cause })
}

function formatMs(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`
}

/**
 * Connection-level failures (refused, reset, DNS, closed mid-answer) → network or timeout. Through a proxy, a
 * failure to reach it or its refusal is the proxy's, and the message names it (proxy-failure.ts).
 */
export function transportError(
  err: unknown,
  operation: string,
  where: string,
  apiKey: string,
  proxied?: { proxy: string; url: URL },
): FiledockError {
  if (proxied !== undefined) {
    const blamed = proxyFailure(err, proxied.proxy, operation, proxied.url)
    if (blamed !== undefined) return blamed
  }
  const code = (err as { code?: unknown })?.code
  const mk = (kind: 'network' | 'timeout', text: ErrorMessage, values: ErrorValues = {}) =>
    translatedError({ kind, operation }, text, { ...values, where }, { cause: err })
  switch (code) {
    case 'ECONNREFUSED':
      return mk('network', TEXT.refused)
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return mk('network', TEXT.noSuchHost)
    case 'UND_ERR_CONNECT_TIMEOUT':
      return mk('timeout', TEXT.connectTimeout)
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return mk('timeout', TEXT.stopped)
    case 'UND_ERR_SOCKET':
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH':
    case 'UND_ERR_CLOSED':
      return mk('network', TEXT.closed)
  }
  // The system's own words (Node's, in English) are a value: they are not ours to translate.
  const detail = err instanceof Error ? redactSecrets(err.message, [apiKey]) : 'unknown error'
  return mk('network', TEXT.failed, { detail })
}

/**
 * Turns an HTTP answer into parsed JSON or a typed error. HTTP status and body both count: hosts of this family
 * put failures in a 200 body, while proxies in front of them answer 429/5xx with HTML.
 */
export function interpretAnswer(
  operation: string,
  httpStatus: number,
  headers: IncomingHttpHeaders,
  text: string,
  apiKey: string,
): unknown {
  const withRetry = retryOf(headers)
  const { retryAfterMs } = withRetry
  let json: unknown
  let parsed = false
  try {
    json = JSON.parse(text)
    parsed = true
  } catch {
    parsed = false
  }
  if (httpStatus === 429) {
    const msg = parsed ? envelopeMsg(json) : undefined
    throw hostError({ operation, status: 429, ...withRetry, ...(msg ? { msg } : {}) }, apiKey)
  }
  if (!parsed) throw unreadable(operation, httpStatus, headers, text, withRetry, apiKey)
  if (httpStatus < 200 || httpStatus > 299) {
    // A JSON error envelope explains itself; otherwise the HTTP status is all we have.
    assertEnvelopeOk(operation, json, apiKey, retryAfterMs)
    const msg = envelopeMsg(json)
    throw hostError({ operation, status: httpStatus, ...withRetry, ...(msg ? { msg } : {}) }, apiKey)
  }
  assertEnvelopeOk(operation, json, apiKey)
  return json
}

function retryOf(headers: IncomingHttpHeaders): { retryAfterMs?: number } {
  const retryAfterMs = parseRetryAfter(headers['retry-after'])
  return retryAfterMs !== undefined ? { retryAfterMs } : {}
}

function envelopeMsg(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null) return undefined
  const msg = (json as Record<string, unknown>).msg
  return typeof msg === 'string' ? msg : undefined
}

function unreadable(
  operation: string,
  httpStatus: number,
  headers: IncomingHttpHeaders,
  text: string,
  withRetry: { retryAfterMs?: number },
  apiKey: string,
): FiledockError {
  const type = String(headers['content-type'] ?? '')
  const trimmed = text.trimStart()
  if (httpStatus === 401 || httpStatus === 403) {
    // A plain-text refusal says whose fault it is ("Invalid key": the key; otherwise the action); a page does not.
    const page = /html/i.test(type) || trimmed.startsWith('<')
    const msg = page || trimmed === '' ? undefined : trimmed.slice(0, 500)
    return hostError({ operation, status: httpStatus, ...(msg === undefined ? {} : { msg }) }, apiKey)
  }
  const what =
    trimmed === ''
      ? 'empty'
      : /html/i.test(type) || trimmed.startsWith('<')
        ? 'html'
        : /^[[{]/.test(trimmed)
          ? 'cut'
          : 'text'
  const values = { what, status: httpStatus }
  if (httpStatus >= 500) {
    return translatedError(
      { kind: 'server', operation, status: httpStatus, ...withRetry },
      TEXT.serverFailed,
      values,
    )
  }
  const location = headers.location
  if (httpStatus >= 300 && httpStatus <= 399 && typeof location === 'string') {
    // Redirects are not followed (a key in the query must not travel to wherever a host points us).
    return translatedError({ kind: 'server', operation, status: httpStatus }, TEXT.redirects, {
      location: describeUrl(location),
    })
  }
  if (httpStatus < 200 || httpStatus > 299) {
    // Not an API answer at all: most often a wrong server address or a proxy in the way.
    return translatedError({ kind: 'server', operation, status: httpStatus }, TEXT.notApi, values)
  }
  return translatedError({ kind: 'malformed', operation }, TEXT.malformed, values)
}

const TEXT = defineMessages({
  noAnswer: {
    id: 'errors.net.noAnswer',
    defaultMessage:
      'The host did not answer within {limit} while {action} ({where}). Check the connection or try again.',
  },
  cancelled: { id: 'errors.cancelled', defaultMessage: 'Cancelled while {action}.' },
  refused: {
    id: 'errors.net.refused',
    defaultMessage:
      'Could not connect to the host: connection refused. Check the server address while {action} ({where}).',
  },
  noSuchHost: {
    id: 'errors.net.noSuchHost',
    defaultMessage:
      'Could not find the host name. Check the server address and your connection while {action} ({where}).',
  },
  connectTimeout: {
    id: 'errors.net.connectTimeout',
    defaultMessage: 'Connecting to the host timed out while {action} ({where}).',
  },
  stopped: {
    id: 'errors.net.stopped',
    defaultMessage: 'The host stopped answering while {action} ({where}).',
  },
  closed: {
    id: 'errors.net.closed',
    defaultMessage: 'The connection closed before the host finished answering while {action} ({where}).',
  },
  failed: {
    id: 'errors.net.failed',
    defaultMessage: 'The request failed: {detail} while {action} ({where}).',
  },
  serverFailed: {
    id: 'errors.host.serverFailed',
    defaultMessage:
      'The host failed with HTTP {status} and {what, select, empty {an empty answer} html {an HTML page instead of JSON} cut {incomplete JSON (the answer was cut off)} other {text that is not JSON}} while {action}. It may be overloaded or down; try again later.',
  },
  redirects: {
    id: 'errors.host.redirects',
    defaultMessage:
      'The host redirects requests ({action}) to {location}. Use that address as the server address.',
  },
  notApi: {
    id: 'errors.host.notApi',
    defaultMessage:
      'The host answered HTTP {status} with {what, select, empty {an empty answer} html {an HTML page instead of JSON} cut {incomplete JSON (the answer was cut off)} other {text that is not JSON}} while {action}. Check the server address.',
  },
  malformed: {
    id: 'errors.host.malformed',
    defaultMessage:
      'The host sent {what, select, empty {an empty answer} html {an HTML page instead of JSON} cut {incomplete JSON (the answer was cut off)} other {text that is not JSON}} while {action}. A proxy or captive portal may be in the way; try again later.',
  },
})
