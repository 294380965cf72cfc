import { z } from 'zod'
import { BATCH_VERIFY_STATUSES } from '../verify.ts'

const id = z.string().min(1).max(200)
const count = z.number().int().min(0)

/** Counts of each verdict (shared/verify.ts BatchVerifyCounts). */
const counts = z.strictObject(
  Object.fromEntries(BATCH_VERIFY_STATUSES.map((s) => [s, count])) as Record<
    (typeof BATCH_VERIFY_STATUSES)[number],
    typeof count
  >,
)

/**
 * Events of batch verifies (shared/ipc/verify-contract.ts): how far a run is, a few times a second, and that it
 * ended with its counts. The files themselves are in the report (history.verifyBatch's answer, or
 * history.verifyReport for a run that started itself after an upload).
 */
export const verifyEventSchemas = [
  z.strictObject({
    type: z.literal('verify.progress'),
    verifyId: id,
    batchId: id,
    done: count,
    total: count,
    bytesRead: count,
  }),
  z.strictObject({
    type: z.literal('verify.finished'),
    verifyId: id,
    batchId: id,
    automatic: z.boolean(),
    cancelled: z.boolean(),
    total: count,
    counts,
  }),
] as const

export type VerifyAppEvent = z.infer<(typeof verifyEventSchemas)[number]>
