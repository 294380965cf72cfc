import { z } from 'zod'
import { accountIdSchema } from './accounts.ts'
import type { FiledockErrorData } from './errors.ts'
import { absolutePath, folderId } from './ipc/fields.ts'
import { DEFAULT_MIN_AGE_MS, MAX_MIN_AGE_MS } from './ipc/limits.ts'

/**
 * Watch folders: a local folder whose new files go up by themselves into one account's folder (the local tree
 * mirrored under it). Rules live in the app's settings; the CLI's `filedock watch` runs one rule of its own.
 */

export interface WatchRule {
  id: string
  /** The local folder, absolute. */
  dir: string
  accountId: string
  /** Target folder on the host; 0 is the root. */
  fldId: number
  /**
   * The target folder's path as the user chose it in the folder tree (`Photos/2024`, '' for the root), shown
   * instead of its id. Absent on rules made before it was kept, or by the CLI; a rename on the host later is not
   * followed here (the watch itself goes by the id).
   */
  folderPath?: string
  /** A file is sent once it has not changed for this long. */
  minAgeMs: number
  /** Where sent files are moved once their landing is verified; null keeps them in place. */
  doneDir: string | null
  paused: boolean
}

export const MAX_WATCH_RULES = 50

export const minAgeSchema = z
  .number('The minimum age must be a number')
  .int('The minimum age must be whole milliseconds')
  .min(0, 'The minimum age cannot be negative')
  .max(MAX_MIN_AGE_MS, 'The minimum age is at most a day')

const folderPathSchema = z.string().max(4096)

export const watchRuleSchema = z.strictObject({
  id: z.string().min(1).max(64),
  dir: absolutePath,
  accountId: accountIdSchema,
  fldId: folderId,
  folderPath: folderPathSchema.exactOptional(),
  minAgeMs: minAgeSchema,
  doneDir: absolutePath.nullable(),
  paused: z.boolean(),
})

/** What the user fills in to add a rule. */
export const newWatchRuleSchema = z.strictObject({
  dir: absolutePath,
  accountId: accountIdSchema,
  fldId: folderId.default(0),
  folderPath: folderPathSchema.exactOptional(),
  minAgeMs: minAgeSchema.default(DEFAULT_MIN_AGE_MS),
  doneDir: absolutePath.nullable().default(null),
})
export type NewWatchRule = z.input<typeof newWatchRuleSchema>

/** One thing a watch did, for the Watch folders view and `filedock watch --json`. */
export type WatchActivity =
  | {
      type: 'sent'
      ruleId: string
      /** `/`-separated, inside the watched folder. */
      relPath: string
      path: string
      size: number
      fileCode: string
      pageLink: string | null
      fldId: number
      /** Nothing was sent: a file of this name and size was already in the folder (the upload queue's rule). */
      alreadyThere: boolean
      at: number
    }
  | {
      type: 'failed'
      ruleId: string
      relPath: string
      path: string
      /** English (the CLI, logs); `error` carries the same with its message id, when it has one. */
      message: string
      error?: FiledockErrorData
      at: number
    }
  | { type: 'moved'; ruleId: string; relPath: string; to: string; at: number }

export interface WatchStatus {
  rule: WatchRule
  state: 'watching' | 'paused' | 'starting' | 'error'
  /** Why the watch is not running (the folder is gone, the account was removed): English. */
  problem: string | null
  /** The same with its message id, so each window shows it in its own language (errorText). */
  problemError?: FiledockErrorData
  /** Files waiting to settle or on their way up. */
  pending: number
  /** Files this rule has sent, over its whole life. */
  sent: number
  lastActivity: WatchActivity | null
}
