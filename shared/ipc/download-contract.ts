import { z } from 'zod'
import { type DownloadPlanSummary, type DownloadStarted, downloadRequestSchema } from '../downloads.ts'
import { defineChannel } from './define-channel.ts'
import { queueId } from './fields.ts'

/**
 * The download half of the contract: plan a download (nothing touched), start it (its files become items of the
 * one queue: queue.snapshot, queue.* events with `direction: 'down'`, and the queue's pause, resume, cancel and
 * retry channels act on them), the folder Download… offers, and a finished download shown or opened. The speed
 * limit is queue.setBandwidthLimit with direction 'down'; the conflict policy and the remembered folder are
 * settings. Spread into contract.ts, which checks the channel list.
 */
export const downloadContract = {
  /**
   * What downloading `what` into `to` would do: files to fetch, already here (not fetched again), conflicts,
   * names made safe, bytes, free space. Reads the index (the app) and the target folder; changes nothing.
   */
  'downloads.plan': defineChannel<DownloadPlanSummary>()(downloadRequestSchema),
  /**
   * Plans as downloads.plan does, then queues the files to fetch as one batch (none when all are here already),
   * and remembers `to` as the folder Download… offers next time.
   */
  'downloads.start': defineChannel<DownloadStarted>()(downloadRequestSchema),
  /**
   * The folder Download… offers: the one last downloaded into (`remembered`), else the OS Downloads folder's
   * `Filedock` subfolder.
   */
  'downloads.folder': defineChannel<{ path: string; remembered: boolean }>()(z.strictObject({})),
  /**
   * A finished download shown in the file manager (`folder`: its folder opened with the file selected, where the
   * OS can) or opened with its default application (`open`); a batch's folder with `batchId`. Answers the path
   * acted on. Only paths the queue downloaded to can be named (by item or batch), never a path from the page.
   */
  'downloads.reveal': defineChannel<{ path: string }>()(
    z
      .strictObject({
        itemId: queueId.optional(),
        batchId: queueId.optional(),
        how: z.enum(['folder', 'open']),
      })
      .refine((v) => (v.itemId === undefined) !== (v.batchId === undefined), {
        message: 'Give either itemId or batchId',
        path: ['itemId'],
      }),
  ),
} as const
