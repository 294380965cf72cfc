import type { Dispatcher } from 'undici'

/** What an interceptor that only looks is told of one request: each step before the request's own handler. */
export interface RequestWatch {
  onRequestStart?(): void
  onResponseStart?(status: number): void
  onResponseData?(chunk: Buffer): void
  onResponseEnd?(): void
}

/**
 * `handler` with `watch` told of each step first, every callback passed on unchanged: the one way an undici
 * interceptor here watches a request (the download trace; the tests' counting dispatchers).
 */
export function watchedHandler(
  handler: Dispatcher.DispatchHandler,
  watch: RequestWatch,
): Dispatcher.DispatchHandler {
  return {
    onRequestStart: (controller, context) => {
      watch.onRequestStart?.()
      handler.onRequestStart?.(controller, context)
    },
    onRequestUpgrade: (controller, status, headers, socket) =>
      handler.onRequestUpgrade?.(controller, status, headers, socket),
    onResponseStart: (controller, status, headers, message) => {
      watch.onResponseStart?.(status)
      handler.onResponseStart?.(controller, status, headers, message)
    },
    onResponseData: (controller, chunk) => {
      watch.onResponseData?.(chunk)
      handler.onResponseData?.(controller, chunk)
    },
    onResponseEnd: (controller, trailers) => {
      watch.onResponseEnd?.()
      handler.onResponseEnd?.(controller, trailers)
    },
    onResponseError: (controller, error) => handler.onResponseError?.(controller, error),
  }
}
