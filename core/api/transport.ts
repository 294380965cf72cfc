import { defineMessage } from '@formatjs/intl'
import type { Dispatcher } from 'undici'
import { translatedError } from '../../shared/i18n/error-text.ts'
import { hostBaseUrl, parseField } from '../../shared/ipc/fields.ts'
import { VERSION } from '../app-info/version.ts'
import { directAgent, routedDispatcher } from '../net/dispatchers.ts'
import type { ProxyRoute } from '../net/env-proxy.ts'
import type { HostProfileOptions } from './host-profile.ts'
import { type ApiRequest, type HttpContext, requestJson, requestPicked } from './http.ts'
import { RequestBudget } from './request-budget.ts'
import { defaultRetryPolicy, type RetryPolicy, withRetries } from './retry.ts'

export interface ApiClientOptions {
  /** The host's base address, e.g. `https://host.example` (a path prefix is kept). */
  baseUrl: string
  apiKey: string
  /** Total time limit of one API call (connect + answer). Default 30 s. */
  timeoutMs?: number
  /** Extra attempts for idempotent reads. Default 3; writes are never retried. */
  retries?: number
  /** Backoff tuning (tests shorten it). */
  retryPolicy?: Partial<Omit<RetryPolicy, 'retries'>>
  /** A dispatcher shared with others (Electron's system proxy), not closed by this client. */
  dispatcher?: Dispatcher
  /**
   * Which requests go through which proxy (core/net/env-proxy.ts: the environment as curl reads it, an account's
   * own proxy, or none): this client then builds and owns a routed dispatcher, and failures of the proxy are
   * named as the proxy's. Without it and without `dispatcher`: a keep-alive Agent owned by this client.
   */
  proxy?: ProxyRoute
  userAgent?: string
  /** Uploads fail when no bytes move for this long. Default 60 s. */
  uploadIdleTimeoutMs?: number
  /** How long the upload server may take to answer after the last byte. Default 5 min. */
  uploadAnswerTimeoutMs?: number
  /** Downloads (core/api/file-server.ts) fail when no bytes arrive for this long. Default 60 s. */
  downloadIdleTimeoutMs?: number
  /** What the host has shown about itself, and where what it shows next goes (host-profile.ts). */
  profile?: HostProfileOptions
  /**
   * The account's request budget (request-budget.ts), shared by every client of the account in the process;
   * default: one of this client's own.
   */
  budget?: RequestBudget
}

export interface CallOptions {
  signal?: AbortSignal | undefined
}

export type Params = Record<string, string | number | undefined>

/**
 * What every operation shares: the base URL, the key, the connection pool, time limits and the retry policy.
 * `read` is for idempotent calls (retried on transient failures), `write` for everything else (never retried).
 */
export class ApiTransport {
  readonly baseUrl: string
  readonly ctx: HttpContext
  readonly policy: RetryPolicy
  readonly uploadIdleTimeoutMs: number
  readonly uploadAnswerTimeoutMs: number
  readonly downloadIdleTimeoutMs: number
  /** Every request of this client takes a slot here first, the upload form included (client.ts). */
  readonly budget: RequestBudget
  private readonly owned: { close(): Promise<void> } | undefined
  private closed = false

  constructor(opts: ApiClientOptions) {
    this.baseUrl = parseField(hostBaseUrl, opts.baseUrl)
    if (typeof opts.apiKey !== 'string' || opts.apiKey.trim() === '') {
      throw translatedError({ kind: 'invalid_input' }, NO_KEY)
    }
    let dispatcher: Dispatcher
    let proxyFor: ((url: URL) => string | undefined) | undefined
    if (opts.dispatcher !== undefined) {
      dispatcher = opts.dispatcher
      this.owned = undefined
    } else if (opts.proxy !== undefined) {
      const routed = routedDispatcher(opts.proxy)
      dispatcher = routed.dispatcher
      proxyFor = routed.proxyFor
      this.owned = routed
    } else {
      dispatcher = directAgent()
      this.owned = dispatcher
    }
    this.ctx = {
      dispatcher,
      ...(proxyFor ? { proxyFor } : {}),
      apiKey: opts.apiKey,
      userAgent: opts.userAgent ?? `filedock/${VERSION}`,
      timeoutMs: opts.timeoutMs ?? 30_000,
    }
    this.policy = {
      ...defaultRetryPolicy,
      ...opts.retryPolicy,
      retries: opts.retries ?? defaultRetryPolicy.retries,
    }
    this.budget = opts.budget ?? new RequestBudget()
    this.uploadIdleTimeoutMs = opts.uploadIdleTimeoutMs ?? 60_000
    this.uploadAnswerTimeoutMs = opts.uploadAnswerTimeoutMs ?? 300_000
    this.downloadIdleTimeoutMs = opts.downloadIdleTimeoutMs ?? 60_000
  }

  /** Closes the connection pool this transport created (not a dispatcher passed in). Idempotent. */
  async close(): Promise<void> {
    if (this.owned === undefined || this.closed) return
    this.closed = true
    await this.owned.close()
  }

  read(op: string, params: Params, signal?: AbortSignal): Promise<unknown> {
    return this.retriedGet(op, params, signal, (req) => requestJson(this.ctx, req))
  }

  /** A read that keeps only the answer's values at `paths`, parsed as they arrive (see answer-body.ts). */
  readPicked(op: string, params: Params, paths: readonly string[], signal?: AbortSignal): Promise<unknown> {
    return this.retriedGet(op, params, signal, (req) => requestPicked(this.ctx, req, paths))
  }

  private retriedGet(
    op: string,
    params: Params,
    signal: AbortSignal | undefined,
    call: (req: ApiRequest) => Promise<unknown>,
  ): Promise<unknown> {
    const req: ApiRequest = { operation: op, method: 'GET', url: this.apiUrl(op, params), signal }
    return withRetries(() => this.budget.run(op, signal, () => call(req)), this.policy, signal)
  }

  /** Not retried, except after a 429 (the budget's): the host refused it without doing anything. */
  write(op: string, params: Params, signal?: AbortSignal): Promise<unknown> {
    const req: ApiRequest = { operation: op, method: 'GET', url: this.apiUrl(op, params), signal }
    return this.budget.run(op, signal, () => requestJson(this.ctx, req), this.policy.retries)
  }

  /** A POST form with the key as a form field (files/check), retried like a read. */
  postFormRead(op: string, form: URLSearchParams, signal?: AbortSignal): Promise<unknown> {
    const body = new URLSearchParams(form)
    body.set('key', this.ctx.apiKey)
    const url = this.apiUrl(op, {}, false)
    const req: ApiRequest = { operation: op, method: 'POST', url, form: body, signal }
    return withRetries(
      () => this.budget.run(op, signal, () => requestJson(this.ctx, req)),
      this.policy,
      signal,
    )
  }

  private apiUrl(op: string, params: Params, withKey = true): URL {
    const url = new URL(`${this.baseUrl}/api/${op}`)
    if (withKey) url.searchParams.set('key', this.ctx.apiKey)
    for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, String(v))
    return url
  }
}

const NO_KEY = defineMessage({ id: 'errors.api.noKey', defaultMessage: 'No API key was given.' })
