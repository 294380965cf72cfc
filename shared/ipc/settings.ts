import { z } from 'zod'
import { type ConflictPolicy, conflictPolicySchema } from '../downloads.ts'
import { LANGUAGE_SETTINGS, type LanguageSetting } from '../i18n/locales.ts'
import { LINK_CHECK_HOURS } from '../link-health.ts'
import { type LinkFormat, linkFormats } from '../links.ts'
import { MAX_WATCH_RULES, type WatchRule, watchRuleSchema } from '../watch.ts'
import { absolutePath } from './fields.ts'
import {
  MAX_BANDWIDTH,
  MAX_CONCURRENCY,
  MAX_REMOTE_TIMEOUT_MIN,
  MIN_BANDWIDTH,
  MIN_CONCURRENCY,
  RECRAWL_HOURS,
} from './limits.ts'

/**
 * The user's upload preferences, kept by main in `settings.json` in the data folder so both hosts (Electron and
 * the browser host) share them. Queue concurrency and the bandwidth limit live here too: the engine keeps them
 * only in memory, and a restart should not forget them.
 */
export interface AppSettings {
  /** The window's language (shared/i18n/locales.ts): 'system' follows the OS; a change applies at once. */
  language: LanguageSetting
  /** Format of the link pack shown (and copied) when a batch finishes. */
  linkFormat: LinkFormat
  /** Copy the link pack to the clipboard as soon as a batch finishes. */
  autoCopy: boolean
  /** Transfers at once in each direction (N uploads and N downloads). */
  concurrency: number
  /** All uploads together, bytes per second; null: no limit. */
  bandwidthBytesPerSec: number | null
  /** All downloads together, bytes per second; null: no limit (set through queue.setBandwidthLimit, 'down'). */
  downloadBytesPerSec: number | null
  /** What a download does when its file's name is taken in the folder (shared/downloads.ts). */
  onConflict: ConflictPolicy
  /**
   * Compare each uploaded batch with its copy on the host (the "verify"), off by default. Kept now so the
   * preference exists; what uses it comes with verify.
   */
  verifyAfterUpload: boolean
  /** Watch folders (changed through the watch.* channels, which start and stop them). */
  watchRules: WatchRule[]
  /** Hours between scheduled link checks of the upload history; null: only when asked (the default). */
  linkCheckHours: number | null
  /** Closing the window while uploads run keeps them going from the tray icon (Electron). */
  keepRunningInTray: boolean
  /** A clone gets "name (copy).ext" ('copy', the default) or keeps the original's name ('same'). */
  cloneNames: CloneNames
  /** Sizes and speeds in decimal units (1 KB = 1000 B, as macOS and the web show them) or binary (1 KiB = 1024 B). */
  sizeUnits: SizeUnits
  /**
   * Remote URLs are checked from this computer before a host is asked to fetch them (dead ones refused, web pages
   * asked about). Off for URLs only the host can reach (core/queue/remote-probe.ts says why it is on by default).
   */
  checkUrls: boolean
  /** How long a host may take to fetch a remote URL before the upload is reported failed, in minutes. */
  remoteTimeoutMin: number
  /**
   * Hours between background re-crawls of each account into the file index; null: never by itself (opening a
   * folder still re-checks it, and the app's own changes are written through).
   */
  recrawlHours: RecrawlHours | null
  /**
   * The open uploads panel's height (CSS px) per window size class, as the user last left it (a panel sized for
   * a tall window would hide a short one's list); absent: the class's default.
   */
  queuePanelHeights: QueuePanelHeights
  /**
   * The last local folder chosen per purpose (the watched folder, its Done folder, where downloads go): the
   * folder picker opens there next time. Written by the local.* channels (they check the path), and for
   * `downloads` by downloads.start too (the folder a download went into is the one Download… offers next).
   */
  lastFolders: LastFolders
  /**
   * Look for a new version of the app now and then, download it in the background and install it on quit
   * (Electron, installed builds; never the portable one). Off: only when the user asks (Settings → Check now).
   */
  checkForUpdates: boolean
}

/** Windows by height, the way a layout remembered for one would not fit the others (renderer/src/app/layout). */
export const WINDOW_SIZE_CLASSES = ['small', 'medium', 'large'] as const
export type WindowSizeClass = (typeof WINDOW_SIZE_CLASSES)[number]
const panelHeight = z.number().int().min(40).max(4000)
export const queuePanelHeightsSchema = z.strictObject({
  small: panelHeight.exactOptional(),
  medium: panelHeight.exactOptional(),
  large: panelHeight.exactOptional(),
})
export type QueuePanelHeights = z.infer<typeof queuePanelHeightsSchema>
export const lastFoldersSchema = z.strictObject({
  watch: absolutePath.exactOptional(),
  'watch-done': absolutePath.exactOptional(),
  downloads: absolutePath.exactOptional(),
})
export type LastFolders = z.infer<typeof lastFoldersSchema>

export const cloneNamesSchema = z.enum(['copy', 'same'])
export type CloneNames = z.infer<typeof cloneNamesSchema>
export const sizeUnitsSchema = z.enum(['decimal', 'binary'])
export type SizeUnits = z.infer<typeof sizeUnitsSchema>

export type RecrawlHours = (typeof RECRAWL_HOURS)[number]
export const recrawlHoursSchema = z.literal([...RECRAWL_HOURS]).nullable()

export { MAX_CONCURRENCY, MIN_CONCURRENCY }

export const defaultSettings: AppSettings = {
  language: 'system',
  linkFormat: 'page',
  autoCopy: false,
  concurrency: 3,
  bandwidthBytesPerSec: null,
  downloadBytesPerSec: null,
  onConflict: 'skip',
  verifyAfterUpload: false,
  watchRules: [],
  linkCheckHours: null,
  keepRunningInTray: true,
  cloneNames: 'copy',
  sizeUnits: 'decimal',
  checkUrls: true,
  remoteTimeoutMin: 10,
  recrawlHours: 6,
  queuePanelHeights: {},
  lastFolders: {},
  checkForUpdates: true,
}

/** The window's language: 'system', or one it speaks. */
const languageSettingSchema = z.enum(LANGUAGE_SETTINGS)
export const linkFormatSchema = z.enum(linkFormats)
export const concurrencySchema = z.number().int().min(MIN_CONCURRENCY).max(MAX_CONCURRENCY)
export const bandwidthSchema = z
  .number()
  .int('The bandwidth limit must be whole bytes per second')
  .min(MIN_BANDWIDTH, 'The speed limit must be at least 1,000 bytes a second')
  .max(MAX_BANDWIDTH)
  .nullable()
export const remoteTimeoutSchema = z
  .number()
  .int('The fetch time limit is whole minutes')
  .min(1, 'The fetch time limit must be at least 1 minute')
  .max(MAX_REMOTE_TIMEOUT_MIN, 'The fetch time limit must be at most a day (1440 minutes)')

/** What the renderer may change through settings.update (queue limits go through their own channels). */
export const settingsPatchSchema = z.strictObject({
  language: languageSettingSchema.optional(),
  linkFormat: linkFormatSchema.optional(),
  autoCopy: z.boolean().optional(),
  keepRunningInTray: z.boolean().optional(),
  cloneNames: cloneNamesSchema.optional(),
  sizeUnits: sizeUnitsSchema.optional(),
  checkUrls: z.boolean().optional(),
  remoteTimeoutMin: remoteTimeoutSchema.optional(),
  recrawlHours: recrawlHoursSchema.optional(),
  onConflict: conflictPolicySchema.optional(),
  verifyAfterUpload: z.boolean().optional(),
  queuePanelHeights: queuePanelHeightsSchema.optional(),
  checkForUpdates: z.boolean().optional(),
})

/** Reads a settings file tolerantly: unknown or damaged fields fall back to their defaults one by one. */
export function settingsFromJson(value: unknown): AppSettings {
  const rec = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
  const pick = <T>(schema: z.ZodType<T>, field: unknown, fallback: T): T => {
    const parsed = schema.safeParse(field)
    return parsed.success ? parsed.data : fallback
  }
  return {
    language: pick(languageSettingSchema, rec.language, defaultSettings.language),
    linkFormat: pick(linkFormatSchema, rec.linkFormat, defaultSettings.linkFormat),
    autoCopy: pick(z.boolean(), rec.autoCopy, defaultSettings.autoCopy),
    concurrency: pick(concurrencySchema, rec.concurrency, defaultSettings.concurrency),
    bandwidthBytesPerSec: pick(
      bandwidthSchema,
      rec.bandwidthBytesPerSec,
      defaultSettings.bandwidthBytesPerSec,
    ),
    downloadBytesPerSec: pick(bandwidthSchema, rec.downloadBytesPerSec, defaultSettings.downloadBytesPerSec),
    onConflict: pick(conflictPolicySchema, rec.onConflict, defaultSettings.onConflict),
    verifyAfterUpload: pick(z.boolean(), rec.verifyAfterUpload, defaultSettings.verifyAfterUpload),
    watchRules: watchRulesFrom(rec.watchRules),
    linkCheckHours: pick(
      z.literal([...LINK_CHECK_HOURS]).nullable(),
      rec.linkCheckHours,
      defaultSettings.linkCheckHours,
    ),
    keepRunningInTray: pick(z.boolean(), rec.keepRunningInTray, defaultSettings.keepRunningInTray),
    cloneNames: pick(cloneNamesSchema, rec.cloneNames, defaultSettings.cloneNames),
    sizeUnits: pick(sizeUnitsSchema, rec.sizeUnits, defaultSettings.sizeUnits),
    checkUrls: pick(z.boolean(), rec.checkUrls, defaultSettings.checkUrls),
    remoteTimeoutMin: pick(remoteTimeoutSchema, rec.remoteTimeoutMin, defaultSettings.remoteTimeoutMin),
    recrawlHours: pick(recrawlHoursSchema, rec.recrawlHours, defaultSettings.recrawlHours),
    queuePanelHeights: pick(
      queuePanelHeightsSchema,
      rec.queuePanelHeights,
      defaultSettings.queuePanelHeights,
    ),
    lastFolders: pick(lastFoldersSchema, rec.lastFolders, defaultSettings.lastFolders),
    checkForUpdates: pick(z.boolean(), rec.checkForUpdates, defaultSettings.checkForUpdates),
  }
}

/** Rules one by one: a damaged rule is dropped, the others keep watching. */
function watchRulesFrom(value: unknown): WatchRule[] {
  if (!Array.isArray(value)) return []
  const out: WatchRule[] = []
  for (const item of value.slice(0, MAX_WATCH_RULES)) {
    const parsed = watchRuleSchema.safeParse(item)
    if (parsed.success) out.push(parsed.data)
  }
  return out
}
