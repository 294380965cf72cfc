import { randomUUID } from 'node:crypto'
import { basename } from 'node:path'
import type { Arrival } from '../../shared/arrivals.ts'
import type { AppEvent } from '../../shared/ipc/events.ts'
import type { Handlers } from '../../shared/ipc/types.ts'
import type { EventBus } from '../ipc/event-bus.ts'
import { scanPaths } from '../queue/scan.ts'

/** More arrivals than this waiting means something hands Filedock paths in a loop: the oldest go. */
const MAX_WAITING = 20

/**
 * Paths handed to Filedock from outside its window (Open with, Send to, a second launch, open-file), held until
 * the person answers in the window (shared/arrivals.ts). Nothing here uploads: the window's "Upload" queues the
 * paths like a drop. Each arrival is measured first (files and bytes, as the queue's scan counts them), so the
 * question says how much; the measure never reads a file's contents.
 */
export class Arrivals {
  private waiting: Arrival[] = []

  constructor(private readonly events: EventBus<AppEvent>) {}

  async add(paths: readonly string[]): Promise<Arrival | null> {
    const unique = [...new Set(paths)]
    if (unique.length === 0) return null
    const scan = await scanPaths(unique)
    const arrival: Arrival = {
      id: randomUUID(),
      paths: unique,
      names: unique.map((p) => basename(p) || p),
      files: scan.files.length,
      bytes: scan.totalBytes,
      problem: scan.problems[0]?.message ?? null,
    }
    this.waiting = [...this.waiting, arrival].slice(-MAX_WAITING)
    this.events.emit({ type: 'arrivals.changed' })
    return arrival
  }

  list(): Arrival[] {
    return [...this.waiting]
  }

  dismiss(id: string): boolean {
    const before = this.waiting.length
    this.waiting = this.waiting.filter((a) => a.id !== id)
    if (this.waiting.length === before) return false
    this.events.emit({ type: 'arrivals.changed' })
    return true
  }

  handlers(): Pick<Handlers, 'arrivals.list' | 'arrivals.dismiss'> {
    return {
      'arrivals.list': async () => this.list(),
      'arrivals.dismiss': async ({ id }) => {
        this.dismiss(id)
        return null
      },
    }
  }
}
