import type { QueueEvent } from '../../shared/queue.ts'
import { Emitter } from '../events/emitter.ts'

/** The one ordered event stream of the upload queue (core/events/emitter.ts). */
export class QueueEvents extends Emitter<QueueEvent> {
  constructor() {
    super('an upload queue listener')
  }
}
