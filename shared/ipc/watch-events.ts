import { z } from 'zod'

/**
 * Events of the background work. Like the other data events they say what changed, not the data: the renderer
 * refetches watch.list or history.health.
 */
export const watchEventSchemas = [
  /** A watch rule was added, paused or removed, or one of them sent, failed or moved a file. */
  z.strictObject({ type: z.literal('watch.changed') }),
  /** A link check finished: the history's alive / gone marks changed. */
  z.strictObject({
    type: z.literal('history.healthChanged'),
    checked: z.number().int().min(0),
    gone: z.number().int().min(0),
  }),
] as const

export type WatchAppEvent = z.infer<(typeof watchEventSchemas)[number]>
