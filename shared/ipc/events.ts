import { z } from 'zod'
import { queueEventSchemas, type UploadAppEvent, uploadEventSchemas } from './queue-events.ts'
import { type UpdateAppEvent, updateEventSchemas } from './update-events.ts'
import { type VerifyAppEvent, verifyEventSchemas } from './verify-events.ts'
import { type WatchAppEvent, watchEventSchemas } from './watch-events.ts'

/**
 * Everything main pushes to the renderer, as one ordered stream. Events about server data say *what* changed so
 * the renderer can invalidate its cache; they never carry the data itself (the renderer refetches through
 * calls). The upload queue's events are the exception: they ARE the queue's state, streamed (queue-events.ts),
 * so the renderer's queue store follows them without asking.
 */
const accountId = z.string().min(1).max(100)

const dataEventSchemas = [
  /** The list of accounts, a label, a key state or the keychain status changed. */
  z.strictObject({ type: z.literal('accounts.changed') }),
  /** Another account became active (null: none left). Everything account-scoped is stale. */
  z.strictObject({ type: z.literal('account.activeChanged'), accountId: accountId.nullable() }),
  /**
   * The account's host gives its links on another domain now (its answers showed it, once per move): history and
   * link packs show links on `to` from now on.
   */
  z.strictObject({
    type: z.literal('account.linksMoved'),
    accountId,
    from: z.string().max(2048),
    to: z.string().max(2048),
  }),
  /**
   * Files of a folder changed through Filedock (rename, move, clone). fldId null: the folder is not known
   * (a renamed file's folder is not part of the call), so every file list of the account is stale.
   */
  z.strictObject({
    type: z.literal('files.changed'),
    accountId,
    fldId: z.number().int().min(0).nullable(),
  }),
  /** Folders under `parentId` changed (create, rename); null: not known which parent. */
  z.strictObject({
    type: z.literal('folders.changed'),
    accountId,
    parentId: z.number().int().min(0).nullable(),
  }),
  /** Crawl progress of one account's index ("Indexing Work: 41,200 of 100,000"), at most a few per second. */
  z.strictObject({
    type: z.literal('index.progress'),
    accountId,
    state: z.enum(['empty', 'crawling', 'ready', 'paused', 'error', 'upgrading']),
    filesIndexed: z.number().int().min(0),
    filesTotal: z.number().int().min(0).nullable(),
    foldersIndexed: z.number().int().min(0),
    warning: z.string().nullable(),
  }),
  /**
   * A move of many files running in main (moveId names one run): how many have moved or failed of the total. The
   * first report comes once the files are counted, then a few a second, and always one when the last file settles.
   */
  z.strictObject({
    type: z.literal('index.moveProgress'),
    moveId: z.string().min(1).max(100),
    accountId,
    fldId: z.number().int().min(0),
    moved: z.number().int().min(0),
    failed: z.number().int().min(0),
    total: z.number().int().min(0),
  }),
  /**
   * Rows of the index changed (a revalidation, a crawl page, an action of the app). fldIds null: anywhere in the
   * account. Windows showing them should be fetched again.
   */
  /** Paths handed to Filedock from outside the window arrived, or one was answered (arrivals.list has them). */
  z.strictObject({ type: z.literal('arrivals.changed') }),
  z.strictObject({
    type: z.literal('index.changed'),
    accountId,
    fldIds: z.array(z.number().int().min(0)).nullable(),
  }),
] as const

export const appEventSchema = z.discriminatedUnion('type', [
  ...dataEventSchemas,
  ...queueEventSchemas,
  ...uploadEventSchemas,
  ...watchEventSchemas,
  ...updateEventSchemas,
  ...verifyEventSchemas,
])

export type DataEvent = z.infer<(typeof dataEventSchemas)[number]>
export type AppEvent = DataEvent | UploadAppEvent | WatchAppEvent | UpdateAppEvent | VerifyAppEvent
export type AppEventType = AppEvent['type']
export type AppEventListener = (event: AppEvent) => void
