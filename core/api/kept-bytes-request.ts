import type { IncomingHttpHeaders } from 'node:http'
import type { Dispatcher } from 'undici'

/**
 * A GET whose body keeps every byte that reached the process, for the file server's ranged reads (file-server.ts).
 *
 * undici's `request()` hands the body over as a Readable and, when the connection ends early (a cut, a reset, an
 * abort), destroys it: whatever that Readable still buffered (up to its 64 KiB highWaterMark) is thrown away with
 * the error, though it arrived whole. A download that resumes after the cut then fetches those bytes again, and on
 * a busy machine, where the reader lags, it always does. Here the handler's own queue holds the chunks, an error is
 * only noted, and the reader gets every queued chunk before the error: what came is written, to the byte.
 *
 * Back-pressure is the same as the Readable's: past HIGH_WATER queued bytes the connection is paused, and it
 * resumes once the reader brings the queue below it again (so a chunk waits no longer than it did, which
 * read-buffers.ts counts on).
 */
export const HIGH_WATER = 64 << 10

export interface KeptBytesRequest {
  dispatcher: Dispatcher
  headers: Record<string, string>
  signal: AbortSignal
}

export interface KeptBytesResponse {
  statusCode: number
  headers: IncomingHttpHeaders
  body: KeptBody
}

/** GETs `url`; resolves at the final status line and headers (1xx are skipped), rejects if none came. */
export function getKeepingBytes(url: URL, req: KeptBytesRequest): Promise<KeptBytesResponse> {
  return new Promise((resolve, reject) => {
    const handler = new KeepingHandler(req.signal, resolve, reject)
    req.dispatcher.dispatch(
      {
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: req.headers,
        // The caller's idle timer (RequestGuard) replaces undici's: a paced download may leave the socket unread.
        headersTimeout: 0,
        bodyTimeout: 0,
      },
      handler,
    )
  })
}

/** The queue between the connection and the reader. Read once, with `for await`; `destroy()` lets it go. */
export class KeptBody implements AsyncIterable<Buffer> {
  private readonly chunks: Buffer[] = []
  private queued = 0
  private ended = false
  private failure: Error | null = null
  private wake: (() => void) | null = null
  private destroyed = false

  constructor(private readonly connection: Dispatcher.DispatchController) {}

  /** Bytes waiting for the reader (what a cut leaves to be read before its error). */
  get bufferedBytes(): number {
    return this.queued
  }

  push(chunk: Buffer): void {
    if (this.destroyed) return
    this.chunks.push(chunk)
    this.queued += chunk.length
    if (this.queued >= HIGH_WATER) this.connection.pause()
    this.notify()
  }

  end(): void {
    this.ended = true
    this.notify()
  }

  fail(err: Error): void {
    this.failure ??= err
    this.notify()
  }

  /** Stops the transfer (when it is still running) and drops what is queued: the reader wants no more. */
  destroy(): void {
    if (this.destroyed) return
    this.destroyed = true
    this.chunks.length = 0
    this.queued = 0
    if (!this.ended && this.failure === null && !this.connection.aborted) {
      this.connection.abort(new Error('The body was let go before its end.'))
    }
    this.notify()
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Buffer> {
    for (;;) {
      const chunk = this.chunks.shift()
      if (chunk !== undefined) {
        this.queued -= chunk.length
        if (this.queued < HIGH_WATER && this.connection.paused) this.connection.resume()
        yield chunk
        continue
      }
      if (this.destroyed || this.ended) return
      if (this.failure !== null) throw this.failure
      await new Promise<void>((resolve) => {
        this.wake = resolve
      })
    }
  }

  private notify(): void {
    const wake = this.wake
    this.wake = null
    wake?.()
  }
}

/** undici's handler: the first final status resolves the response; later data, end and error go to its body. */
class KeepingHandler implements Dispatcher.DispatchHandler {
  private body: KeptBody | null = null
  private settled = false
  private readonly onAbort: () => void
  private controller: Dispatcher.DispatchController | null = null

  constructor(
    private readonly signal: AbortSignal,
    private readonly resolve: (res: KeptBytesResponse) => void,
    private readonly reject: (err: unknown) => void,
  ) {
    this.onAbort = () => this.controller?.abort(abortReason(signal))
    signal.addEventListener('abort', this.onAbort, { once: true })
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller
    if (this.signal.aborted) controller.abort(abortReason(this.signal))
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
  ): void {
    if (statusCode < 200) return
    this.body = new KeptBody(controller)
    this.settled = true
    this.resolve({ statusCode, headers, body: this.body })
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.body?.push(chunk)
  }

  onResponseEnd(): void {
    this.done()
    this.body?.end()
  }

  onResponseError(_controller: Dispatcher.DispatchController, err: Error): void {
    this.done()
    if (this.settled) this.body?.fail(err)
    else {
      this.settled = true
      this.reject(err)
    }
  }

  private done(): void {
    this.signal.removeEventListener('abort', this.onAbort)
  }
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('aborted')
}
