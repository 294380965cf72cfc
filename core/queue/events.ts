import { Emitter } from '../../shared/events/emitter.ts'
import type { QueueEvent } from '../../shared/queue.ts'
import { listenerFailed } from '../events/logged-emitter.ts'

/** The one ordered event stream of the upload queue (shared/events/emitter.ts); failing listeners are logged. */
export class QueueEvents extends Emitter<QueueEvent> {
  constructor() {
    super(listenerFailed('an upload queue listener'))
  }
}
