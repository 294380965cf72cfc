export type Listener<E> = (event: E) => void

/**
 * Synchronous fan-out of one typed event stream, in subscription order, so every listener sees the same ordered
 * events: main's event bus, the accounts store, the upload queue, and the renderer's socket and connection
 * status. A listener that throws is handed to `onListenerError` and skipped: one broken subscriber (a closed
 * window) must not stop events reaching the others, nor undo the change being announced. In main, errors go to
 * the redacting logger (core/events/logged-emitter.ts).
 */
export class Emitter<E> {
  private readonly listeners = new Set<Listener<E>>()

  constructor(private readonly onListenerError: (error: unknown) => void) {}

  /** Returns the unsubscribe function (safe to call twice); the same function subscribed twice is called twice. */
  on(listener: Listener<E>): () => void {
    const own: Listener<E> = (event) => listener(event)
    this.listeners.add(own)
    return () => {
      this.listeners.delete(own)
    }
  }

  emit(event: E): void {
    // A copy: a listener that unsubscribes (or subscribes) while the event is delivered does not skip others.
    for (const listener of [...this.listeners]) {
      try {
        listener(event)
      } catch (error) {
        this.onListenerError(error)
      }
    }
  }

  get size(): number {
    return this.listeners.size
  }
}
