import type { AccountsChange } from '../../shared/accounts.ts'
import { noActiveAccount } from '../accounts/account-guards.ts'
import type { AccountStore } from '../accounts/index.ts'
import { ApiClient } from '../api/client.ts'
import type { LinkBaseMove } from '../api/host-profile.ts'
import { RequestBudget } from '../api/request-budget.ts'
import { connectionFor, type SystemProxy } from './http-dispatcher.ts'
import type { OfflineSandbox } from './offline-sandbox.ts'

export interface ScopedClient {
  accountId: string
  client: ApiClient
}

/**
 * One API client per account, built on first use and dropped when its account changes (a new key, a new address,
 * a removed account, a keychain switch): rebuilding is cheap, a client holding a stale key is a bug. The key is
 * read from the keychain only here, in main, and lives only inside the client.
 *
 * A dropped client is closed: requests it is answering finish, and the next ones its holder sends fail at once
 * (core/api/closed-client.ts), so a holder that runs long (a crawl) takes a fresh client then. Only the changed
 * account's client goes: an account added or made active changes no client, and dropping every client then cut
 * the first crawl of every newly added account ("The client is destroyed").
 */
export class ClientPool {
  private readonly clients = new Map<string, Promise<ApiClient>>()
  /**
   * One request budget per account for the whole process (request-budget.ts): kept across client rebuilds, so
   * a rate or a lock-out the host showed outlives a change of the account's settings.
   */
  private readonly budgets = new Map<string, RequestBudget>()
  /** The last save of what each account's client learned, for what must follow it. */
  private readonly learning = new Map<string, Promise<void>>()
  private readonly unsubscribe: () => void

  constructor(
    private readonly store: AccountStore,
    private readonly offline: OfflineSandbox,
    private readonly system: SystemProxy,
    private readonly hooks: PoolHooks = {},
  ) {
    this.unsubscribe = store.onChange((change) => this.accountsChanged(change))
  }

  /** The client of `accountId`, or of the active account when absent. */
  async get(accountId?: string): Promise<ScopedClient> {
    const id = accountId ?? this.store.activeId
    if (id === null) {
      throw noActiveAccount()
    }
    let client = this.clients.get(id)
    if (client === undefined) {
      client = this.build(id)
      this.clients.set(id, client)
      // A failed build (keychain locked, sandbox not starting) is not cached: the next call tries again.
      client.catch(() => {
        if (this.clients.get(id) === client) this.clients.delete(id)
      })
    }
    return { accountId: id, client: await client }
  }

  clear(): void {
    const old = [...this.clients.values()]
    this.clients.clear()
    for (const client of old) closeLater(client)
  }

  dispose(): void {
    this.unsubscribe()
    this.clear()
  }

  private accountsChanged(change: AccountsChange): void {
    if (change.reason === 'added' || change.reason === 'activated') return
    if (change.accountId === null) {
      this.clear()
      return
    }
    const client = this.clients.get(change.accountId)
    if (client === undefined) return
    this.clients.delete(change.accountId)
    closeLater(client)
  }

  /** The account's budget, its user limit as the account says now. */
  budgetOf(id: string): RequestBudget {
    let budget = this.budgets.get(id)
    if (budget === undefined) {
      budget = new RequestBudget({
        learned: this.store.profileOf(id),
        onLearn: (patch) => {
          this.store.learnProfile(id, patch).catch((error: unknown) => this.hooks.log?.(String(error)))
        },
      })
      this.budgets.set(id, budget)
    }
    budget.setUserRate(this.store.requestsPerSecOf(id))
    return budget
  }

  private async build(id: string): Promise<ApiClient> {
    const view = await this.store.get(id)
    // The offline account follows the running sandbox, whose port may differ from the one saved last time.
    const baseUrl = view.offline ? (await this.offline.ensure()).baseUrl : view.baseUrl
    const apiKey = await this.store.getApiKey(id)
    // The offline sandbox is served by this process on loopback: no proxy (a system proxy would not reach it).
    const proxy = view.offline ? ({ mode: 'none' } as const) : await this.store.proxyOf(id)
    const connection = await connectionFor(proxy, this.system, baseUrl)
    return new ApiClient({
      baseUrl,
      apiKey,
      ...connection,
      budget: this.budgetOf(id),
      // What the host shows about itself is kept with the account (one store: accounts.json).
      profile: {
        initial: this.store.profileOf(id),
        onLearn: (_profile, patch) => {
          const saved = this.store.learnProfile(id, patch)
          this.learning.set(id, saved)
          saved.catch((error: unknown) => this.hooks.log?.(String(error)))
        },
        // Told once the move is saved, so whoever refreshes on it reads the new link base.
        onLinkBaseMoved: (move) => {
          void (this.learning.get(id) ?? Promise.resolve())
            .catch(() => undefined)
            .then(() => this.hooks.onLinkBaseMoved?.(id, move))
        },
      },
    })
  }
}

/** Closes a client once it is built (a failed build has nothing to close). */
function closeLater(client: Promise<ApiClient>): void {
  void client.then((c) => c.close()).catch(() => undefined)
}

export interface PoolHooks {
  /** A client saw its host's links move (host-profile.ts): the app tells the user, once per move. */
  onLinkBaseMoved?: (accountId: string, move: LinkBaseMove) => void
  log?: (line: string) => void
}
