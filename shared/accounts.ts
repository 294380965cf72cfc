import { z } from 'zod'
import type { FiledockErrorData } from './errors.ts'

/**
 * What the renderer may know about accounts. The raw API key never appears in any of these types: it stays in
 * main (the keychain), and only `maskedKey` (at most the last 4 characters) crosses the process boundary.
 */

export const LABEL_MAX_CHARS = 100
export const API_KEY_MAX_CHARS = 256
export const BASE_URL_MAX_CHARS = 2048

/** Where account keys are kept: the OS keychain, or (explicitly chosen, with a warning) Electron safeStorage. */
export type SecretBackendChoice = 'keychain' | 'safe-storage'

export interface AccountView {
  id: string
  label: string
  /** Normalised: no trailing slash, no `/api` suffix. */
  baseUrl: string
  /** From account/info when the key was checked; '' if the host did not say. */
  email: string
  /** e.g. `••••abcd`; fewer (or no) characters are shown for short keys. */
  maskedKey: string
  active: boolean
  /** The built-in sandbox account, served locally. */
  offline: boolean
  /** ISO 8601. */
  createdAt: string
  /** The key cannot be read (keychain changed, entry deleted, backend gone): the user must enter it again. */
  needsKey: boolean
  /** Why `needsKey` is set, written for a person (English: the CLI and logs); null when the key is fine. */
  keyProblem: string | null
  /** The same, with its message id and values, so each window shows it in its own language (errorText). */
  keyProblemError?: FiledockErrorData
  /** How this account reaches its host: the system's proxy, none, or its own (proxy credentials never shown). */
  proxy: AccountProxyView
  /**
   * Where the host's page links point (`{scheme}://{host}[/prefix]`): learned from its answers or set by hand;
   * null until either (the links are then on `baseUrl`).
   */
  linkBase: string | null
  /** The link base was set by hand in the account dialog (answers no longer move it). */
  linkBaseByHand: boolean
  /** Link bases the host used before, newest first: a pasted link on one is still this account's. */
  formerLinkBases: string[]
  /** The user's limit of requests per second to this host; null: none (the host's own rate still applies). */
  requestsPerSec: number | null
}

export const proxyModes = ['system', 'none', 'url'] as const
export type ProxyMode = (typeof proxyModes)[number]

export interface AccountProxyView {
  mode: ProxyMode
  /** For `url`: `scheme://host:port`, without credentials; null otherwise. */
  url: string | null
  /** For `url`: a user name and password for the proxy are kept in the keychain. */
  withCredentials: boolean
}

export interface KeychainStatus {
  choice: SecretBackendChoice
  /** Human name of the backend, e.g. "Secret Service (GNOME Keyring, KWallet)". */
  label: string
  /** False only for a backend that would not protect the key at rest (such backends are refused anyway). */
  secure: boolean
  available: boolean
  /** Why `available` is false, e.g. "No keychain (Secret Service) is available on this system (…)". */
  reason: string | null
  /** The same, with its message id and values, so each window shows it in its own language (errorText). */
  reasonError?: FiledockErrorData
  /** The explicit, warned alternative can be offered: Electron safeStorage exists and is not plain text. */
  safeStorageAvailable: boolean
}

export interface AccountsSnapshot {
  accounts: AccountView[]
  activeId: string | null
  keychain: KeychainStatus
  /** A problem found while loading the saved accounts (e.g. an unreadable settings file was set aside). */
  warning: string | null
  /** The same, with its message id and values, so each window shows it in its own language (errorText). */
  warningError?: FiledockErrorData
}

export type AccountsChangeReason = 'added' | 'removed' | 'updated' | 'activated' | 'keychain'

export interface AccountsChange {
  reason: AccountsChangeReason
  /** The account concerned; null for changes that affect all accounts (keychain). */
  accountId: string | null
}

// Shape checks for input arriving from the untrusted renderer. They only bound sizes and types; the account
// store applies the real rules (trimming, URL normalisation, control characters) with messages for people.
// Bounds are loose so that the store, not zod, explains a too-long value.
const boundedString = (max: number) => z.string().max(max * 4)

export const accountIdSchema = z.string().min(1).max(100)

export const addAccountInputSchema = z.strictObject({
  label: boundedString(LABEL_MAX_CHARS),
  baseUrl: boundedString(BASE_URL_MAX_CHARS),
  apiKey: boundedString(API_KEY_MAX_CHARS),
})
export type AddAccountInput = z.infer<typeof addAccountInputSchema>

export const updateAccountInputSchema = z.strictObject({
  label: boundedString(LABEL_MAX_CHARS).optional(),
  baseUrl: boundedString(BASE_URL_MAX_CHARS).optional(),
  apiKey: boundedString(API_KEY_MAX_CHARS).optional(),
  /**
   * `url` may hold `user:password@`: the credentials go to the keychain, the rest to the settings file. A `url`
   * without credentials for the same proxy keeps the ones kept.
   */
  proxy: z
    .strictObject({ mode: z.enum(proxyModes), url: boundedString(BASE_URL_MAX_CHARS).optional() })
    .optional(),
  /** A link base set by hand; null goes back to learning it from the host's answers. */
  linkBase: boundedString(BASE_URL_MAX_CHARS).nullable().optional(),
  /** The user's limit of requests per second; null: none. */
  requestsPerSec: z.number().positive().max(1000).nullable().optional(),
})
export type UpdateAccountInput = z.infer<typeof updateAccountInputSchema>

export const secretBackendChoiceSchema = z.enum(['keychain', 'safe-storage'])
