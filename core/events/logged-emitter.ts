import { Emitter } from '../../shared/events/emitter.ts'
import { createLogger } from '../logging/log.ts'

const log = createLogger('filedock')

/** Reports a listener that threw to main's log (redacted), as "`what` failed". */
export function listenerFailed(what: string): (error: unknown) => void {
  return (error) => log.error(`${what} failed`, error)
}

/** An emitter of main whose failing listeners are logged. */
export function loggedEmitter<E>(what: string): Emitter<E> {
  return new Emitter<E>(listenerFailed(what))
}
