import { randomUUID } from 'node:crypto'
import { defineMessages } from '@formatjs/intl'
import type {
  AccountsSnapshot,
  AccountView,
  AddAccountInput,
  KeychainStatus,
  SecretBackendChoice,
  UpdateAccountInput,
} from '../../shared/accounts.ts'
import type { FiledockError } from '../../shared/errors.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import { type AccountLinkBases, linkBasesOf } from '../../shared/links.ts'
import type { HostProfile } from '../api/host-profile.ts'
import { SerialQueue } from '../durable/serial-queue.ts'
import { assertLabelFree, assertNotDuplicate, cannotStoreKeysError } from './account-guards.ts'
import { handSetOf, mergeProfile, withLinkBase } from './account-profile.ts'
import { type ProxyChange, proxyChange, proxySecretId, proxyUrlWith } from './account-proxy.ts'
import { type AccountsListener, ChangeListeners } from './change-listeners.ts'
import { readKey, toView } from './key-status.ts'
import { type SecretBackends, secretStoreFor, switchBackend } from './secret-backends.ts'
import type { KeychainProbe, SecretStore } from './secret-store.ts'
import { unavailableReason } from './secret-store.ts'
import { type AccountRecord, type AccountSettings, loadSettings, saveSettings } from './settings-file.ts'
import { keySuffix, normaliseApiKey, normaliseBaseUrl, normaliseLabel } from './validate.ts'
import { checkKey, type NotSaved, type VerifyKey } from './verify.ts'

export interface AccountStoreOptions extends SecretBackends {
  /** The app's data folder; the store owns `accounts.json` (and the safeStorage key file) in it. */
  dataDir: string
  verify: VerifyKey
  verifyTimeoutMs?: number | undefined
}

/** What the CLI and resolveAccountCredentials need to pick an account; no key, no keychain access. */
export interface AccountEntry {
  id: string
  label: string
  baseUrl: string
  active: boolean
}

/**
 * The accounts: metadata in `accounts.json`, keys in a SecretStore, never a key in any file. Every change
 * goes through one promise chain (two quick adds cannot lose one), and the in-memory settings are replaced
 * only after the file was written, so memory and disk never disagree.
 */
export class AccountStore {
  private readonly queue = new SerialQueue()
  private readonly listeners = new ChangeListeners()
  /** Cached readKey problem per account id; cleared when the backend changes. */
  private readonly keyProblems = new Map<string, FiledockError | null>()

  private constructor(
    private readonly options: AccountStoreOptions,
    private settings: AccountSettings,
    private secrets: SecretStore,
    private probe: KeychainProbe,
    private safeStorageProbe: KeychainProbe | null,
    private readonly warning: FiledockError | null,
  ) {}

  static async open(options: AccountStoreOptions): Promise<AccountStore> {
    const { settings, warning } = await loadSettings(options.dataDir)
    const secrets = secretStoreFor(settings.secretBackend, options)
    const probe = await secrets.probe()
    const safeProbe = await probeSafeStorage(options, secrets, probe)
    return new AccountStore(options, settings, secrets, probe, safeProbe, warning)
  }

  onChange(listener: AccountsListener): () => void {
    return this.listeners.add(listener)
  }

  keychainStatus(): KeychainStatus {
    const { label, secure } = this.secrets.describe()
    return {
      choice: this.settings.secretBackend,
      label,
      secure,
      available: this.probe.available,
      ...this.reasonOf(label),
      safeStorageAvailable: this.safeStorageProbe?.available === true,
    }
  }

  /** Why keys cannot be kept now: English for the CLI and logs, with its id and values for the window. */
  private reasonOf(label: string): Pick<KeychainStatus, 'reason' | 'reasonError'> {
    if (this.probe.available) return { reason: null }
    const reason = unavailableReason(this.probe, label)
    return { reason: reason.message, reasonError: reason.toJSON() }
  }

  async list(): Promise<AccountView[]> {
    const { accounts, activeId } = this.settings
    return Promise.all(accounts.map(async (r) => toView(r, activeId, await this.problemOf(r))))
  }

  async snapshot(): Promise<AccountsSnapshot> {
    const accounts = await this.list()
    return {
      accounts,
      activeId: this.settings.activeId,
      keychain: this.keychainStatus(),
      warning: this.warning?.message ?? null,
      ...(this.warning !== null ? { warningError: this.warning.toJSON() } : {}),
    }
  }

  async get(id: string): Promise<AccountView> {
    const record = this.record(id)
    return toView(record, this.settings.activeId, await this.problemOf(record))
  }

  entries(): AccountEntry[] {
    const { accounts, activeId } = this.settings
    return accounts.map(({ id, label, baseUrl }) => ({ id, label, baseUrl, active: id === activeId }))
  }

  get activeId(): string | null {
    return this.settings.activeId
  }

  /**
   * Checks the key with the host (`verify`), then stores it in the keychain and the rest in the settings file.
   * On any failure nothing is saved. The first account, or one added with `activate`, becomes active.
   */
  async add(
    input: AddAccountInput,
    options: { offline?: boolean; activate?: boolean } = {},
  ): Promise<AccountView> {
    const label = normaliseLabel(input.label)
    const baseUrl = normaliseBaseUrl(input.baseUrl)
    const apiKey = normaliseApiKey(input.apiKey)
    await this.assertCanStoreKeys()
    // Checked before and again after the (slow) verify: the first spares a network call, the second is the
    // one that counts, inside the chain, against accounts added meanwhile.
    assertLabelFree(this.settings.accounts, label)
    await assertNotDuplicate(this.settings.accounts, this.secrets, baseUrl, apiKey)
    const { email } = await this.check(baseUrl, apiKey, 'account')
    return this.queue.run(async () => {
      assertLabelFree(this.settings.accounts, label)
      await assertNotDuplicate(this.settings.accounts, this.secrets, baseUrl, apiKey)
      const id = randomUUID()
      const record: AccountRecord = {
        id,
        label,
        baseUrl,
        email,
        keySuffix: keySuffix(apiKey),
        keyBackend: this.secrets.describe().backend,
        createdAt: new Date().toISOString(),
        offline: options.offline === true,
      }
      await this.secrets.set(id, apiKey)
      const { activeId } = this.settings
      const next = { ...this.settings, accounts: [...this.settings.accounts, record] }
      next.activeId = options.activate === true || activeId === null ? id : activeId
      try {
        await this.commit(next)
      } catch (error) {
        await this.secrets.delete(id).catch(() => undefined)
        throw error
      }
      this.keyProblems.set(id, null)
      this.listeners.emit({ reason: 'added', accountId: id })
      return toView(record, next.activeId, null)
    })
  }

  /**
   * Rename, move to another address, replace the key, set the account's proxy or its link base; a new key or
   * address is verified first (through the proxy the account had until now: the new one applies once saved).
   */
  async update(id: string, patch: UpdateAccountInput): Promise<AccountView> {
    const current = this.record(id)
    const label = patch.label === undefined ? current.label : normaliseLabel(patch.label)
    const baseUrl = patch.baseUrl === undefined ? current.baseUrl : normaliseBaseUrl(patch.baseUrl)
    const newKey = patch.apiKey === undefined ? undefined : normaliseApiKey(patch.apiKey)
    const proxy = patch.proxy === undefined ? undefined : proxyChange(patch.proxy, current.proxy)
    if (proxy?.credentials !== undefined && proxy.credentials !== null && proxy.credentials !== 'keep')
      await this.assertCanStoreKeys()
    const linkBase =
      patch.linkBase === undefined
        ? undefined
        : patch.linkBase === null
          ? null
          : normaliseBaseUrl(patch.linkBase)
    assertLabelFree(this.settings.accounts, label, id)
    let email = current.email
    if (newKey !== undefined || baseUrl !== current.baseUrl) {
      if (newKey !== undefined) await this.assertCanStoreKeys()
      const apiKey = newKey ?? (await this.getApiKey(id))
      await assertNotDuplicate(this.settings.accounts, this.secrets, baseUrl, apiKey, id)
      email = (await this.check(baseUrl, apiKey, 'change')).email
    }
    return this.queue.run(async () => {
      const before = this.record(id)
      assertLabelFree(this.settings.accounts, label, id)
      const updated: AccountRecord = { ...before, label, baseUrl, email }
      // Another address may be another host: what the old one showed about itself no longer holds, except what
      // the user set by hand.
      if (baseUrl !== before.baseUrl) updated.profile = handSetOf(before.profile)
      if (linkBase !== undefined) updated.profile = withLinkBase(updated.profile, linkBase)
      if (patch.requestsPerSec === null) delete updated.requestsPerSec
      else if (patch.requestsPerSec !== undefined) updated.requestsPerSec = patch.requestsPerSec
      if (proxy !== undefined) {
        updated.proxy = proxy.record
        await this.keepProxyCredentials(id, proxy)
      }
      let previousKey: string | null = null
      if (newKey !== undefined) {
        await assertNotDuplicate(this.settings.accounts, this.secrets, baseUrl, newKey, id)
        previousKey = await this.secrets.get(id).catch(() => null)
        await this.secrets.set(id, newKey)
        updated.keySuffix = keySuffix(newKey)
        updated.keyBackend = this.secrets.describe().backend
      }
      const accounts = this.settings.accounts.map((r) => (r.id === id ? updated : r))
      try {
        await this.commit({ ...this.settings, accounts })
      } catch (error) {
        if (newKey !== undefined) await this.restoreKey(id, previousKey)
        throw error
      }
      if (newKey !== undefined) this.keyProblems.set(id, null)
      this.listeners.emit({ reason: 'updated', accountId: id })
      return toView(updated, this.settings.activeId, this.keyProblems.get(id) ?? null)
    })
  }

  rename(id: string, label: string): Promise<AccountView> {
    return this.update(id, { label })
  }

  replaceKey(id: string, apiKey: string): Promise<AccountView> {
    return this.update(id, { apiKey })
  }

  /** Deletes the key from the keychain, then the account; an active account hands over to the first left. */
  async remove(id: string): Promise<void> {
    await this.queue.run(async () => {
      const record = this.record(id)
      await this.secrets.delete(proxySecretId(id)).catch(() => undefined)
      try {
        await this.secrets.delete(id)
      } catch (error) {
        // With the backend gone (or the key recorded elsewhere) there is nothing here to delete, and the user
        // must still be able to remove the account; a working backend that fails to delete would leave the
        // key behind: refuse.
        if (record.keyBackend === this.secrets.describe().backend) {
          this.probe = await this.secrets.probe()
          if (this.probe.available) throw error
        }
      }
      const accounts = this.settings.accounts.filter((r) => r.id !== id)
      const { activeId } = this.settings
      await this.commit({
        ...this.settings,
        accounts,
        activeId: activeId === id ? (accounts[0]?.id ?? null) : activeId,
      })
      this.keyProblems.delete(id)
      this.listeners.emit({ reason: 'removed', accountId: id })
    })
  }

  async setActive(id: string | null): Promise<void> {
    await this.queue.run(async () => {
      if (id !== null) this.record(id)
      if (this.settings.activeId === id) return
      await this.commit({ ...this.settings, activeId: id })
      this.listeners.emit({ reason: 'activated', accountId: id })
    })
  }

  /**
   * Where the account's page links point now: its host's link base (learned or set by hand), else its API base;
   * undefined for an account that is gone (its links stay as they were kept).
   */
  linkBaseOf(id: string): string | undefined {
    const record = this.settings.accounts.find((r) => r.id === id)
    return record === undefined ? undefined : this.linkBasesOfRecord(record).current
  }

  /** Each account's link base now and the ones its links were on before (its former link bases, its API base). */
  linkBases(): AccountLinkBases[] {
    return this.settings.accounts.map((r) => this.linkBasesOfRecord(r))
  }

  private linkBasesOfRecord(r: { baseUrl: string; profile?: HostProfile | undefined }): AccountLinkBases {
    return linkBasesOf({
      baseUrl: r.baseUrl,
      linkBase: r.profile?.linkBase,
      formerLinkBases: r.profile?.formerLinkBases,
    })
  }

  /** The user's limit of requests per second to the account's host; undefined: none. */
  requestsPerSecOf(id: string): number | undefined {
    return this.record(id).requestsPerSec
  }

  /** What the account's host has shown about itself (host-profile.ts); empty for a host that follows the spec. */
  profileOf(id: string): HostProfile {
    return { ...(this.record(id).profile ?? {}) }
  }

  /**
   * Keeps what the account's API client learned about its host. Not a change of the account for its listeners
   * (they rebuild clients, and the client that learned it already knows): saved quietly, in the one chain of
   * writes. An account removed meanwhile learns nothing.
   */
  learnProfile(id: string, patch: HostProfile): Promise<void> {
    return this.queue.run(async () => {
      const before = this.settings.accounts.find((r) => r.id === id)
      if (before === undefined) return
      const profile = mergeProfile(before.profile, patch)
      const accounts = this.settings.accounts.map((r) => (r.id === id ? { ...r, profile } : r))
      await this.commit({ ...this.settings, accounts })
    })
  }

  /**
   * Main-side only: how the account reaches its host, with the proxy's credentials from the keychain (to build
   * its client; never shown or logged). Credentials that cannot be read leave the proxy without them: the proxy
   * then says it wants them, in a message that names it.
   */
  async proxyOf(id: string): Promise<{ mode: 'system' } | { mode: 'none' } | { mode: 'url'; url: string }> {
    const p = this.record(id).proxy
    if (p === undefined || p.mode === 'system') return { mode: 'system' }
    if (p.mode === 'none' || p.url === undefined) return { mode: 'none' }
    const credentials = p.withCredentials ? await this.secrets.get(proxySecretId(id)).catch(() => null) : null
    return { mode: 'url', url: proxyUrlWith(p, credentials) }
  }

  private async keepProxyCredentials(id: string, change: ProxyChange): Promise<void> {
    if (change.credentials === 'keep') return
    if (change.credentials === null) await this.secrets.delete(proxySecretId(id)).catch(() => undefined)
    else await this.secrets.set(proxySecretId(id), change.credentials)
  }

  /** Main-side only: the raw key, to build an API client. Never put it in a view, a message or a log. */
  async getApiKey(id: string): Promise<string> {
    const record = this.record(id)
    if (!this.probe.available) this.probe = await this.secrets.probe()
    const { key, problem } = await readKey(record, this.secrets, this.probe)
    this.noteProblem(id, problem)
    // The problem itself: whoever reads the key names the account in its own words (the queue's pause, the
    // link check: "{label}: {cause}"); resolveAccountCredentials does for the CLI.
    if (key === null) throw problem
    return key
  }

  /**
   * The user's explicit choice of where keys live. Keys readable in the old backend are moved to the new one;
   * the others stay as "needs key". Refused (nothing changes) when the chosen backend does not work.
   */
  async chooseBackend(choice: SecretBackendChoice): Promise<KeychainStatus> {
    return this.queue.run(async () => {
      const switched = await switchBackend(choice, this.options, this.secrets, this.settings)
      try {
        await this.commit(switched.settings)
      } catch (error) {
        await switched.abandon()
        throw error
      }
      await switched.cleanUp()
      this.secrets = switched.secrets
      this.probe = switched.probe
      if (switched.secrets === this.options.safeStorage) this.safeStorageProbe = switched.probe
      this.keyProblems.clear()
      this.listeners.emit({ reason: 'keychain', accountId: null })
      return this.keychainStatus()
    })
  }

  private record(id: string): AccountRecord {
    const record = this.settings.accounts.find((r) => r.id === id)
    if (record === undefined) {
      throw translatedError({ kind: 'not_found' }, TEXT.noSuchAccount)
    }
    return record
  }

  private async problemOf(record: AccountRecord): Promise<FiledockError | null> {
    const cached = this.keyProblems.get(record.id)
    if (cached !== undefined) return cached
    const { problem } = await readKey(record, this.secrets, this.probe)
    this.keyProblems.set(record.id, problem)
    return problem
  }

  private noteProblem(id: string, problem: FiledockError | null): void {
    const known = this.keyProblems.get(id)
    this.keyProblems.set(id, problem)
    if (known !== undefined && known?.message !== problem?.message)
      this.listeners.emit({ reason: 'keychain', accountId: id })
  }

  private async assertCanStoreKeys(): Promise<void> {
    // Probed again only when it failed: the user may have started or unlocked the keychain since.
    if (!this.probe.available) this.probe = await this.secrets.probe()
    if (!this.probe.available) throw cannotStoreKeysError(this.keychainStatus())
  }

  private check(baseUrl: string, apiKey: string, notSavedNote: NotSaved): Promise<{ email: string }> {
    return checkKey(this.options.verify, baseUrl, apiKey, {
      timeoutMs: this.options.verifyTimeoutMs,
      notSavedNote,
    })
  }

  private async restoreKey(id: string, previous: string | null): Promise<void> {
    const undo = previous === null ? this.secrets.delete(id) : this.secrets.set(id, previous)
    await Promise.resolve(undo).catch(() => undefined)
  }

  private async commit(next: AccountSettings): Promise<void> {
    await saveSettings(this.options.dataDir, next)
    this.settings = next
  }
}

/**
 * Whether Electron safeStorage could be offered, found out only when it matters: it is offered when the keychain
 * fails. A probe encrypts and decrypts, and on macOS each of those is a keychain access that can prompt the user,
 * so a working keychain means no probe at all (safeStorageAvailable then reads false: there is nothing to offer).
 * When safeStorage is itself the chosen backend, its probe is the backend's own, done once.
 */
async function probeSafeStorage(
  backends: SecretBackends,
  secrets: SecretStore,
  probe: KeychainProbe,
): Promise<KeychainProbe | null> {
  if (backends.safeStorage === undefined) return null
  if (secrets === backends.safeStorage) return probe
  return probe.available ? null : backends.safeStorage.probe()
}

const TEXT = defineMessages({
  noSuchAccount: { id: 'errors.accounts.noSuchAccount', defaultMessage: 'There is no such account.' },
})
