import { z } from 'zod'
import { type LinkFormat, linkFormats } from '../links.ts'

/**
 * The user's upload preferences, kept by main in `settings.json` in the data folder so both hosts (Electron and
 * the browser host) share them. Queue concurrency and the bandwidth limit live here too: the engine keeps them
 * only in memory, and a restart should not forget them.
 */
export interface AppSettings {
  /** Format of the link pack shown (and copied) when a batch finishes. */
  linkFormat: LinkFormat
  /** Copy the link pack to the clipboard as soon as a batch finishes. */
  autoCopy: boolean
  /** Uploads at once. */
  concurrency: number
  /** All uploads together, bytes per second; null: no limit. */
  bandwidthBytesPerSec: number | null
}

export const MIN_CONCURRENCY = 1
/**
 * The one concurrency maximum: settings, the upload engine and the CLI's --concurrency all use it. Hosts of
 * this family limit sessions per key; beyond 16 transfers at once a single link gains nothing and such hosts
 * start refusing.
 */
export const MAX_CONCURRENCY = 16
/** The engine refuses less than 1 KiB/s: such a limit would stall every upload. */
export const MIN_BANDWIDTH = 1024
/** 10 GiB/s: beyond any link; anything larger is a typo, not a limit. */
export const MAX_BANDWIDTH = 10 * 1024 ** 3

export const defaultSettings: AppSettings = {
  linkFormat: 'page',
  autoCopy: false,
  concurrency: 3,
  bandwidthBytesPerSec: null,
}

export const linkFormatSchema = z.enum(linkFormats)
export const concurrencySchema = z.number().int().min(MIN_CONCURRENCY).max(MAX_CONCURRENCY)
export const bandwidthSchema = z
  .number()
  .int('The bandwidth limit must be whole bytes per second')
  .min(MIN_BANDWIDTH, 'The bandwidth limit must be at least 1 KiB/s')
  .max(MAX_BANDWIDTH)
  .nullable()

/** What the renderer may change through settings.update (queue limits go through their own channels). */
export const settingsPatchSchema = z.strictObject({
  linkFormat: linkFormatSchema.optional(),
  autoCopy: z.boolean().optional(),
})

/** Reads a settings file tolerantly: unknown or damaged fields fall back to their defaults one by one. */
export function settingsFromJson(value: unknown): AppSettings {
  const rec = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
  const pick = <T>(schema: z.ZodType<T>, field: unknown, fallback: T): T => {
    const parsed = schema.safeParse(field)
    return parsed.success ? parsed.data : fallback
  }
  return {
    linkFormat: pick(linkFormatSchema, rec.linkFormat, defaultSettings.linkFormat),
    autoCopy: pick(z.boolean(), rec.autoCopy, defaultSettings.autoCopy),
    concurrency: pick(concurrencySchema, rec.concurrency, defaultSettings.concurrency),
    bandwidthBytesPerSec: pick(
      bandwidthSchema,
      rec.bandwidthBytesPerSec,
      defaultSettings.bandwidthBytesPerSec,
    ),
  }
}
