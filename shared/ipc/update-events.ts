import { z } from 'zod'

export const updateEventSchemas = [
  /** The updater's status changed: refetch updates.status. */
  z.strictObject({ type: z.literal('updates.changed') }),
] as const

export type UpdateAppEvent = z.infer<(typeof updateEventSchemas)[number]>
