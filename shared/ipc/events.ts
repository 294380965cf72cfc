import { z } from 'zod'

/**
 * Everything main pushes to the renderer, as one ordered stream. Events say *what* changed so the renderer can
 * invalidate its cached server data; they never carry the data itself (the renderer refetches through calls).
 */
const accountId = z.string().min(1).max(100)

export const appEventSchema = z.discriminatedUnion('type', [
  /** The list of accounts, a label, a key state or the keychain status changed. */
  z.strictObject({ type: z.literal('accounts.changed') }),
  /** Another account became active (null: none left). Everything account-scoped is stale. */
  z.strictObject({ type: z.literal('account.activeChanged'), accountId: accountId.nullable() }),
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
])

export type AppEvent = z.infer<typeof appEventSchema>
export type AppEventType = AppEvent['type']
export type AppEventListener = (event: AppEvent) => void
