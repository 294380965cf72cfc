import type { QueueEvent, QueueListener } from '../../shared/queue.ts'

/** The one ordered event stream. A listener that throws is reported and does not stop the others. */
export class QueueEvents {
  private readonly listeners = new Set<QueueListener>()

  on(listener: QueueListener): () => void {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  emit(event: QueueEvent): void {
    for (const l of [...this.listeners]) {
      try {
        l(event)
      } catch (err) {
        console.error('filedock: an upload queue listener failed:', err)
      }
    }
  }
}
