import { performance } from 'node:perf_hooks'
import type { Dispatcher } from 'undici'
import { watchedHandler } from './watched-handler.ts'

/**
 * Where a download request stood when its idle limit ended: still waiting in the pool's queue for a connection,
 * sent and waiting for the answer's headers, or reading its body.
 */
export type TransportPhase = 'queued' | 'headers' | 'body'

/**
 * The cause a transport timeout carries (below the translated error, which says only "did not answer within"):
 * enough to tell a pool that gave no connection, a server that never answered, and a body that stopped apart.
 * `delivered` counts the body bytes undici handed over, `read` those the reader took; `sinceLastChunkMs` is null
 * when no body byte came.
 */
export class TransportStall extends Error {
  constructor(
    readonly phase: TransportPhase,
    readonly delivered: number,
    readonly read: number,
    readonly sinceLastChunkMs: number | null,
    cause: unknown,
  ) {
    const last = sinceLastChunkMs === null ? 'none came' : `the last ${sinceLastChunkMs} ms before`
    super(`stalled ${PHASE_TEXT[phase]}: ${delivered} body bytes delivered, ${read} read; ${last}`, { cause })
    this.name = 'TransportStall'
  }
}

const PHASE_TEXT: Record<TransportPhase, string> = {
  queued: 'waiting for a connection',
  headers: 'waiting for the headers',
  body: 'in the body',
}

/**
 * What one download request did on the wire, noted by an interceptor around the client's own dispatcher (its
 * pool and proxy stay the ones used). Redirects: each hop starts again from `queued`; the last one counts.
 * It only watches: every callback is passed on unchanged.
 */
export class RequestTrace {
  private phase: TransportPhase = 'queued'
  private delivered = 0
  private lastChunkAt: number | null = null

  /** `dispatcher`, with this trace watching each request sent through it. */
  watch(dispatcher: Dispatcher): Dispatcher {
    return dispatcher.compose((dispatch) => (opts, handler) => {
      this.phase = 'queued'
      this.delivered = 0
      this.lastChunkAt = null
      return dispatch(opts, this.around(handler))
    })
  }

  /** The cause for a timeout of this request, `read` bytes of whose body the reader took. */
  stall(cause: unknown, read = 0): TransportStall {
    const since = this.lastChunkAt === null ? null : Math.round(performance.now() - this.lastChunkAt)
    return new TransportStall(this.phase, this.delivered, read, since, cause)
  }

  private around(handler: Dispatcher.DispatchHandler): Dispatcher.DispatchHandler {
    return watchedHandler(handler, {
      onRequestStart: () => {
        this.phase = 'headers'
      },
      onResponseStart: (status) => {
        // 1xx answers come here too; the body starts with the final status.
        if (status >= 200) this.phase = 'body'
      },
      onResponseData: (chunk) => {
        this.delivered += chunk.length
        this.lastChunkAt = performance.now()
      },
    })
  }
}
