import { z } from 'zod'
import { accountIdSchema } from '../accounts.ts'
import type { LinkCheckSummary, LinkHealth } from '../link-health.ts'
import { LINK_CHECK_HOURS } from '../link-health.ts'
import { newWatchRuleSchema, type WatchStatus } from '../watch.ts'
import { defineChannel } from './define-channel.ts'
import { folderId, queueId } from './fields.ts'
import { MAX_HEALTH_IDS } from './limits.ts'

/**
 * The background half of the contract: watch folders, and the upload history's link health and CSV export.
 * Spread into contract.ts (which checks the channel list against channels.ts).
 */

const ruleId = z.string().min(1, 'Rule id is empty').max(64, 'Rule id is longer than 64 characters')
const entryIds = z
  .array(queueId)
  .min(1, 'Give at least one history entry')
  .max(MAX_HEALTH_IDS, `At most ${MAX_HEALTH_IDS} history entries per call`)

export interface HistoryCsv {
  /** The file name the page offers for the download. */
  fileName: string
  text: string
  rows: number
}

export const watchContract = {
  /** Every rule with what it is doing now. */
  'watch.list': defineChannel<WatchStatus[]>()(z.strictObject({})),
  /**
   * Adds a rule and starts it; files already in the folder go up now (those another Filedock watch of the same
   * folder, account and target sent before are known and skipped). Refused when that rule exists already.
   */
  'watch.add': defineChannel<WatchStatus>()(newWatchRuleSchema),
  'watch.setPaused': defineChannel<WatchStatus>()(z.strictObject({ id: ruleId, paused: z.boolean() })),
  /** Stops and forgets the rule; files on their way keep going, nothing on disk or on the host is touched. */
  'watch.remove': defineChannel<null>()(z.strictObject({ id: ruleId })),
  /**
   * The folder the window shows (null: none, e.g. the history view). Files the OS hands to Filedock (Open with,
   * Send to) go there; main cannot see the window's view otherwise.
   */
  'app.setOpenFolder': defineChannel<null>()(
    z.strictObject({ location: z.strictObject({ accountId: accountIdSchema, fldId: folderId }).nullable() }),
  ),

  /** What the last check found for these history entries (entries never checked are left out). */
  'history.health': defineChannel<LinkHealth[]>()(z.strictObject({ ids: entryIds })),
  /** Checks the links of these entries, or of the whole history, now. */
  'history.checkLinks': defineChannel<LinkCheckSummary>()(z.strictObject({ ids: entryIds.optional() })),
  /** Hours between scheduled checks of the whole history; null: only on demand (the default). */
  'history.setCheckSchedule': defineChannel<null>()(
    z.strictObject({
      hours: z.literal([...LINK_CHECK_HOURS], 'Check every 1, 6, 24 or 168 hours').nullable(),
    }),
  ),
  /** The whole history, newest first, with its link health, as CSV. */
  'history.exportCsv': defineChannel<HistoryCsv>()(z.strictObject({})),
} as const
