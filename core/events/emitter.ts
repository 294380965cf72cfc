import { createLogger } from '../logging/log.ts'

const log = createLogger('filedock')

export type Listener<E> = (event: E) => void

/**
 * Synchronous fan-out of one typed event stream, in subscription order, so every listener sees the same ordered
 * events. A listener that throws is reported and skipped: one broken subscriber (a closed window) must not stop
 * events reaching the others, nor undo the change that is being announced.
 */
export class Emitter<E> {
  private readonly listeners = new Set<Listener<E>>()

  /** `what` names the stream in the report of a failing listener ("an upload queue listener failed"). */
  constructor(
    what = 'an event listener',
    private readonly onListenerError: (error: unknown) => void = (error) =>
      log.error(`${what} failed`, error),
  ) {}

  /** Returns the unsubscribe function; subscribing the same function twice gives two subscriptions. */
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
