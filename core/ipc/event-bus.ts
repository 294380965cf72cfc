import { Emitter } from '../events/emitter.ts'

export interface EventBus<E> {
  emit(event: E): void
  /** Returns the unsubscribe function. */
  subscribe(listener: (event: E) => void): () => void
}

/** The app's event stream to its windows (core/events/emitter.ts: ordered, a throwing listener is skipped). */
export function createEventBus<E>(options: { onListenerError?: (error: unknown) => void } = {}): EventBus<E> {
  const emitter = new Emitter<E>('an event listener', options.onListenerError)
  return {
    emit: (event) => emitter.emit(event),
    subscribe: (listener) => emitter.on(listener),
  }
}
