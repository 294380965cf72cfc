import { z } from 'zod'
import type { HistoryEntry } from '../history.ts'
import { HISTORY_MAX_LIMIT } from '../history.ts'
import type { AlreadyThereCount, DropTarget, EnqueueResult, QueueSnapshot } from '../queue.ts'
import type { UrlCheck } from '../url-check.ts'
import { defineChannel } from './define-channel.ts'
import { absolutePath, accountId, folderId, folderPathText, httpUrl, queueId } from './fields.ts'
import { MAX_PACK_ENTRIES } from './limits.ts'
import {
  type AppSettings,
  bandwidthSchema,
  concurrencySchema,
  linkFormatSchema,
  settingsPatchSchema,
} from './settings.ts'

/**
 * The upload half of the contract: the queue, the upload history, link packs, upload settings and the native
 * file picker. Spread into contract.ts (which checks the channel list), kept here so each file stays readable.
 */

/** One drop may hold up to this many top-level paths (a folder counts once, however many files it holds). */
export const MAX_DROP_PATHS = 10_000
export const MAX_URLS = 1000
/** Mirroring targets per upload; more accounts than anyone keeps. */
export const MAX_MIRROR_ACCOUNTS = 20

/**
 * Where a drop goes: a folder on each account it is sent to (shared/queue.ts DropTarget), at least one, each
 * account once. The same list for files, folders and URLs, and for the count of files already there.
 */
const dropTargets = z
  .array(
    z.strictObject({
      accountId,
      fldId: folderId,
      folderPath: folderPathText.exactOptional(),
    }) satisfies z.ZodType<DropTarget>,
  )
  .min(1, 'Pick at least one account to upload to')
  .max(MAX_MIRROR_ACCOUNTS, `At most ${MAX_MIRROR_ACCOUNTS} accounts per upload`)
  .refine((ts) => new Set(ts.map((t) => t.accountId)).size === ts.length, 'An account is listed twice')
const remoteUrls = z
  .array(httpUrl)
  .min(1, 'Give at least one URL')
  .max(MAX_URLS, `At most ${MAX_URLS} URLs per upload`)
const dropPaths = z
  .array(absolutePath)
  .min(1, 'Give at least one file or folder')
  .max(MAX_DROP_PATHS, `At most ${MAX_DROP_PATHS} paths per upload`)

export const uploadContract = {
  'queue.snapshot': defineChannel<QueueSnapshot>()(z.strictObject({})),
  /** Scans the paths (files and folders, mirrored with their names) and queues one item per file and account. */
  'queue.enqueuePaths': defineChannel<EnqueueResult>()(
    z.strictObject({
      paths: dropPaths,
      targets: dropTargets,
      /** Files already in their folder (same name and size): skipped (the default) or sent again. */
      ifAlreadyThere: z.enum(['skip', 'upload']).exactOptional(),
    }),
  ),
  /**
   * How many of a drop's files are already in the folders they would go to: asked before queueing, so the person
   * can choose once per drop between skipping them and uploading them again.
   */
  'queue.countAlreadyThere': defineChannel<AlreadyThereCount>()(
    z.strictObject({ paths: dropPaths, targets: dropTargets }),
  ),
  /**
   * Checks URLs from this computer (core/queue/remote-probe.ts) so the person can be asked about web pages before
   * queueing; `checked` is false when the "Check URLs before sending" setting is off (nothing was asked).
   */
  'queue.checkUrls': defineChannel<{ checked: boolean; results: UrlCheck[] }>()(
    z.strictObject({ urls: remoteUrls }),
  ),
  /**
   * Asks each host to fetch the URLs itself (upload/url). With the check setting on, dead URLs come back as
   * problems and web pages are skipped unless `webPages` is 'upload' (the person said "Upload anyway").
   */
  'queue.enqueueUrls': defineChannel<EnqueueResult>()(
    z.strictObject({
      urls: remoteUrls,
      targets: dropTargets,
      webPages: z.enum(['skip', 'upload']).exactOptional(),
    }),
  ),
  /**
   * Without itemId: the whole queue; running uploads finish and no new one starts, or with `stopNow` they are
   * stopped too (and start again from the beginning on resume). With itemId: that item, stopped if running.
   */
  'queue.pause': defineChannel<null>()(
    z.strictObject({ itemId: queueId.optional(), stopNow: z.boolean().optional() }),
  ),
  /** Without itemId: lifts any queue pause (also an auth or offline one: try again now) and resumes every item. */
  'queue.resume': defineChannel<null>()(z.strictObject({ itemId: queueId.optional() })),
  'queue.cancel': defineChannel<null>()(z.strictObject({ itemId: queueId })),
  /** Failed items (all, or the given ones) go back in line; answers how many. */
  'queue.retryFailed': defineChannel<number>()(
    z.strictObject({ itemIds: z.array(queueId).min(1).max(MAX_DROP_PATHS).optional() }),
  ),
  /** Removes done and cancelled items of finished batches; answers how many. */
  'queue.clearFinished': defineChannel<number>()(z.strictObject({})),
  'queue.setConcurrency': defineChannel<null>()(z.strictObject({ n: concurrencySchema })),
  /** The speed limit of uploads (the default) or downloads; null lifts it. */
  'queue.setBandwidthLimit': defineChannel<null>()(
    z.strictObject({ bytesPerSec: bandwidthSchema, direction: z.enum(['up', 'down']).optional() }),
  ),

  /** Newest first. */
  'history.search': defineChannel<HistoryEntry[]>()(
    z.strictObject({
      text: z
        .string()
        .max(1000, 'Search text is longer than 1000 characters')
        .refine((s) => !s.includes('\u0000'), 'Search text contains a NUL character')
        .optional(),
      accountId: accountId.optional(),
      limit: z.number().int().min(1).max(HISTORY_MAX_LIMIT),
      offset: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    }),
  ),

  /**
   * The links of a finished batch, or of history entries, as text to paste. For `direct`, direct links are
   * fetched (file/direct_link) per file; a file whose link cannot be fetched keeps its page link.
   */
  'links.pack': defineChannel<string>()(
    z
      .strictObject({
        batchId: queueId.optional(),
        entryIds: z.array(queueId).min(1).max(MAX_PACK_ENTRIES).optional(),
        format: linkFormatSchema,
      })
      .refine((v) => (v.batchId === undefined) !== (v.entryIds === undefined), {
        message: 'Give either batchId or entryIds',
        path: ['batchId'],
      }),
  ),

  'settings.get': defineChannel<AppSettings>()(z.strictObject({})),
  'settings.update': defineChannel<AppSettings>()(settingsPatchSchema),

  /**
   * The native open dialog (Electron only). Answers the chosen absolute paths, [] when cancelled. The browser
   * host has no such dialog: it answers kind `not_found` with operation `dialog.pickPaths`, and the renderer
   * uses the browser's own file input there. (The folder a download goes into is THE local-folder picker's,
   * local.pickFolder with purpose `downloads`.)
   */
  'dialog.pickPaths': defineChannel<string[]>()(z.strictObject({ kind: z.enum(['files', 'folder']) })),
} as const
