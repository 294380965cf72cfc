import { z } from 'zod'
import type { BatchVerifyReport } from '../verify.ts'
import { defineChannel } from './define-channel.ts'
import { queueId } from './fields.ts'

/**
 * Verify of an upload-history batch: each file it uploaded compared with its copy on the host (core/verify's
 * engine: sizes, then bytes read with Range at the start, the end and seeded random offsets, or every byte with
 * `full`). The page names the run (`verifyId`) so it can cancel it and match its verify.* events while the
 * call is still running. Spread into contract.ts, which checks the channel list.
 */
export const verifyContract = {
  /**
   * Verifies the batch's files and answers the report once every file is compared (a cancelled run answers the
   * files compared by then, `cancelled: true`). verify.progress events report on the way.
   */
  'history.verifyBatch': defineChannel<BatchVerifyReport>()(
    z.strictObject({ batchId: queueId, verifyId: queueId, full: z.boolean().optional() }),
  ),
  /** Stops a running verify (none by that id: nothing to do). */
  'history.cancelVerify': defineChannel<null>()(z.strictObject({ verifyId: queueId })),
  /** A recent run's report (one verify-after-upload started, announced by verify.finished); null when forgotten. */
  'history.verifyReport': defineChannel<BatchVerifyReport | null>()(z.strictObject({ verifyId: queueId })),
} as const
