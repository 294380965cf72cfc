export interface EventBus<E> {
  emit(event: E): void
  /** Returns the unsubscribe function. */
  subscribe(listener: (event: E) => void): () => void
}

/**
 * Synchronous fan-out in subscription order, so every subscriber sees the same ordered stream. A listener that
 * throws is reported and skipped: one broken window must not stop events reaching the others.
 */
export function createEventBus<E>(options: { onListenerError?: (error: unknown) => void } = {}): EventBus<E> {
  const listeners = new Set<(event: E) => void>()
  const onError =
    options.onListenerError ?? ((error) => console.error('Filedock: an event listener failed', error))
  return {
    emit(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event)
        } catch (error) {
          onError(error)
        }
      }
    },
    subscribe(listener) {
      const own = (event: E) => listener(event)
      listeners.add(own)
      return () => {
        listeners.delete(own)
      }
    },
  }
}
