import { Emitter } from '../../shared/events/emitter.ts'
import { loggedEmitter } from '../events/logged-emitter.ts'

export interface EventBus<E> {
  emit(event: E): void
  /** Returns the unsubscribe function. */
  subscribe(listener: (event: E) => void): () => void
}

/** The app's event stream to its windows (shared/events/emitter.ts: ordered, a throwing listener is skipped). */
export function createEventBus<E>(options: { onListenerError?: (error: unknown) => void } = {}): EventBus<E> {
  const emitter = options.onListenerError
    ? new Emitter<E>(options.onListenerError)
    : loggedEmitter<E>('an event listener')
  return {
    emit: (event) => emitter.emit(event),
    subscribe: (listener) => emitter.on(listener),
  }
}
