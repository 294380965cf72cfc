import { z } from 'zod'
import { linkFormats } from '../links.ts'
import type { QueueEvent } from '../queue.ts'

export { queueEventSchemas } from '../queue.ts'

/**
 * Schemas of the app's own upload events, next to the queue's (shared/queue.ts), for the browser host's socket
 * client, which parses every pushed event. The types are inferred from the schemas.
 */
const id = z.string().min(1).max(200)
const count = z.number().int().min(0)

export const uploadEventSchemas = [
  /**
   * The link pack of a finished batch in the user's format, made by main once the batch finished (direct links
   * fetched when that is the format). `copied`: main already put it on the clipboard (Electron); when auto-copy
   * is on and this is false, the renderer copies it (the browser host, where the page owns the clipboard).
   */
  z.strictObject({
    type: z.literal('links.ready'),
    batchId: id,
    format: z.enum(linkFormats),
    text: z.string(),
    files: count,
    /** Of `files`, those that were already there and were not sent again (absent: none). */
    alreadyThere: count.exactOptional(),
    failed: count,
    /** Uploads of the batch cancelled before they finished (absent: none); a batch of only these sent nothing. */
    cancelled: count.exactOptional(),
    copied: z.boolean(),
  }),
  /** Upload settings changed (settings.update, queue limits): refetch settings.get. */
  z.strictObject({ type: z.literal('settings.changed') }),
] as const

export type LinksReadyEvent = z.infer<(typeof uploadEventSchemas)[0]>
export type SettingsChangedEvent = z.infer<(typeof uploadEventSchemas)[1]>

export type UploadAppEvent = QueueEvent | LinksReadyEvent | SettingsChangedEvent
