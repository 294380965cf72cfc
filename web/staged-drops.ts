import type { EventBus } from '../core/ipc/event-bus.ts'
import type { AppEvent } from '../shared/ipc/events.ts'
import type { Handlers } from '../shared/ipc/types.ts'
import { StagingArea } from './staging-area.ts'

/** Gap between a batch finishing (or items being cleared) and the staging sweep, so bursts sweep once. */
const SWEEP_DELAY_MS = 500

export interface StagedDrops {
  /** Where PUT /stage/… writes (staging-route.ts). */
  readonly area: StagingArea
  /** The core's handlers, with queue.enqueuePaths aware of staged paths. */
  readonly handlers: Handlers
  /** Removes the staging folders no queue item needs any more (see StagingArea). */
  sweep(): Promise<void>
  close(): Promise<void>
}

/**
 * Dropped files in the browser host, kept out of the core: the core only ever receives paths. This wraps the
 * core's enqueue handler (a staged drop stops being "filling" once queued, and problems name staged files as
 * they were dropped) and sweeps staging folders from the queue's own events and snapshot.
 */
export function attachStagedDrops(
  core: { handlers: Handlers; events: EventBus<AppEvent> },
  dataDir: string,
  log: (line: string) => void,
): StagedDrops {
  const area = new StagingArea(dataDir)
  let timer: NodeJS.Timeout | null = null
  let sweeping: Promise<void> = Promise.resolve()
  let closed = false

  /** The staging ids the queue's unfinished items still need; null when the queue cannot say. */
  const neededIds = async (): Promise<Set<string> | null> => {
    let items: Awaited<ReturnType<Handlers['queue.snapshot']>>['items']
    try {
      items = (await core.handlers['queue.snapshot']({})).items
    } catch {
      // The queue is not available (another Filedock owns it): what it needs is unknown, so nothing goes.
      return null
    }
    const needed = new Set<string>()
    for (const item of items) {
      if (item.state === 'done' || item.state === 'cancelled') continue
      const id = area.idOf(item.source)
      if (id !== null) needed.add(id)
    }
    return needed
  }
  const sweep = () => {
    sweeping = sweeping
      .then(() => area.sweep(neededIds))
      .then(() => undefined)
      .catch((error: unknown) => log(`Filedock: staging clean-up failed: ${String(error)}`))
    return sweeping
  }
  const scheduleSweep = () => {
    if (closed || timer) return
    timer = setTimeout(() => {
      timer = null
      void sweep()
    }, SWEEP_DELAY_MS)
  }

  const stopEvents = core.events.subscribe((event) => {
    if (event.type === 'queue.removed' || event.type === 'batch.finished') scheduleSweep()
    else if (event.type === 'queue.item' && event.item.state === 'cancelled') scheduleSweep()
  })
  // Leftovers of earlier runs (a closed tab mid-staging, a crash) go now, while nothing is being staged.
  void sweep()

  const enqueuePaths: Handlers['queue.enqueuePaths'] = async (input) => {
    const ids = area.idsOf(input.paths)
    let result: Awaited<ReturnType<Handlers['queue.enqueuePaths']>>
    try {
      result = await core.handlers['queue.enqueuePaths'](input)
    } finally {
      area.queued(ids)
    }
    if (ids.length === 0) return result
    // Nothing (or not all) of a staged drop may have been queued (an empty file): what no item needs goes.
    void sweep()
    // A staged file's path means nothing to the person who dropped it: name it as they did.
    return { ...result, problems: result.problems.map((p) => ({ ...p, path: area.shownPath(p.path) })) }
  }

  return {
    area,
    handlers: { ...core.handlers, 'queue.enqueuePaths': enqueuePaths },
    sweep,
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      stopEvents()
      await sweeping
    },
  }
}
