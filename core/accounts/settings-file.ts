import { readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { defineMessages } from '@formatjs/intl'
import { z } from 'zod'
import { secretBackendChoiceSchema } from '../../shared/accounts.ts'
import type { FiledockError } from '../../shared/errors.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import { hostProfileSchema } from '../api/host-profile.ts'
import { writeFileAtomic } from '../durable/atomic-file.ts'
import { accountProxySchema } from './account-proxy.ts'

export const ACCOUNTS_FILE = 'accounts.json'

// Everything about an account except its key. `keySuffix` is at most the last 4 characters (see keySuffix()).
const accountRecordSchema = z.object({
  id: z.string().min(1),
  label: z.string(),
  baseUrl: z.string(),
  email: z.string(),
  keySuffix: z.string().max(4),
  /** Which backend holds the key (SecretStoreDescription.backend), to notice when it changed or vanished. */
  keyBackend: z.string(),
  createdAt: z.string(),
  offline: z.boolean(),
  /**
   * What the host has shown about itself (core/api/host-profile.ts), learned by the account's API client and
   * set in the account dialog (the link base). Absent: an unknown host, which follows the spec. A profile that
   * does not parse is dropped, not the account (catch).
   */
  profile: hostProfileSchema.optional().catch(undefined),
  /** The account's own proxy setting (account-proxy.ts); absent: the system's. */
  proxy: accountProxySchema.optional().catch(undefined),
  /** The user's limit of requests per second to the host (the request budget's cap); absent: none. */
  requestsPerSec: z.number().positive().optional().catch(undefined),
})
export type AccountRecord = z.infer<typeof accountRecordSchema>

const settingsSchema = z.object({
  version: z.literal(1),
  /** The user's choice; 'safe-storage' only after they explicitly accepted the warning. */
  secretBackend: secretBackendChoiceSchema,
  activeId: z.string().nullable(),
  accounts: z.array(accountRecordSchema),
})
export type AccountSettings = z.infer<typeof settingsSchema>

export const emptySettings = (): AccountSettings => ({
  version: 1,
  secretBackend: 'keychain',
  activeId: null,
  accounts: [],
})

export interface LoadedSettings {
  settings: AccountSettings
  /** Set when the file could not be used and was moved aside. */
  warning: FiledockError | null
}

/**
 * A missing file is a first start. A damaged file is moved aside (not overwritten, not fatal) so the app still
 * opens and the user is told; the keys themselves are still in the keychain under the old account ids.
 */
export async function loadSettings(dataDir: string): Promise<LoadedSettings> {
  const path = join(dataDir, ACCOUNTS_FILE)
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { settings: emptySettings(), warning: null }
    throw translatedError({ kind: 'internal' }, TEXT.unreadable, { path }, { cause: error })
  }
  let settings: AccountSettings
  try {
    settings = settingsSchema.parse(JSON.parse(text))
  } catch {
    const aside = `${path}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`
    await rename(path, aside)
    return {
      settings: emptySettings(),
      warning: translatedError({ kind: 'internal' }, TEXT.setAside, { path: aside }),
    }
  }
  // A hand-edited or half-migrated file may name an active account that no longer exists.
  if (settings.activeId !== null && !settings.accounts.some((a) => a.id === settings.activeId)) {
    settings.activeId = settings.accounts[0]?.id ?? null
  }
  return { settings, warning: null }
}

export async function saveSettings(dataDir: string, settings: AccountSettings): Promise<void> {
  const path = join(dataDir, ACCOUNTS_FILE)
  try {
    await writeFileAtomic(path, `${JSON.stringify(settings, null, 2)}\n`)
  } catch (error) {
    const detail = (error as Error).message
    throw translatedError({ kind: 'internal' }, TEXT.unsaved, { path, detail }, { cause: error })
  }
}

const TEXT = defineMessages({
  setAside: {
    id: 'accounts.warning.setAside',
    defaultMessage:
      'The saved accounts could not be read, so Filedock started without them. The damaged file was kept as {path}.',
  },
  unreadable: {
    id: 'errors.accounts.fileUnreadable',
    defaultMessage: 'Could not read the accounts file {path}.',
  },
  unsaved: {
    id: 'errors.accounts.fileUnsaved',
    defaultMessage: 'Could not save the accounts file {path}: {detail}',
  },
})
