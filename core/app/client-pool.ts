import { FiledockError } from '../../shared/errors.ts'
import type { AccountStore } from '../accounts/index.ts'
import { ApiClient } from '../api/client.ts'
import type { LinkBaseMove } from '../api/host-profile.ts'
import { connectionFor, type SystemProxy } from './http-dispatcher.ts'
import type { OfflineSandbox } from './offline-sandbox.ts'

export interface ScopedClient {
  accountId: string
  client: ApiClient
}

/**
 * One API client per account, built on first use and dropped whenever the accounts change (a new key, a new
 * address, a removed account): rebuilding is cheap, a client holding a stale key is a bug. The key is read from
 * the keychain only here, in main, and lives only inside the client.
 */
export class ClientPool {
  private readonly clients = new Map<string, Promise<ApiClient>>()
  private readonly unsubscribe: () => void

  constructor(
    private readonly store: AccountStore,
    private readonly offline: OfflineSandbox,
    private readonly system: SystemProxy,
    private readonly hooks: PoolHooks = {},
  ) {
    this.unsubscribe = store.onChange(() => this.clear())
  }

  /** The client of `accountId`, or of the active account when absent. */
  async get(accountId?: string): Promise<ScopedClient> {
    const id = accountId ?? this.store.activeId
    if (id === null) {
      throw new FiledockError({ kind: 'not_found', message: 'No account is active. Add an account first.' })
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
    for (const client of old) void client.then((c) => c.close()).catch(() => undefined)
  }

  dispose(): void {
    this.unsubscribe()
    this.clear()
  }

  private async build(id: string): Promise<ApiClient> {
    const view = await this.store.get(id)
    // The offline account follows the running sandbox, whose port may differ from the one saved last time.
    const baseUrl = view.offline ? (await this.offline.ensure()).baseUrl : view.baseUrl
    const apiKey = await this.store.getApiKey(id)
    const connection = await connectionFor(await this.store.proxyOf(id), this.system, baseUrl)
    return new ApiClient({
      baseUrl,
      apiKey,
      ...connection,
      // What the host shows about itself is kept with the account (one store: accounts.json).
      profile: {
        initial: this.store.profileOf(id),
        onLearn: (_profile, patch) => {
          this.store.learnProfile(id, patch).catch((error: unknown) => this.hooks.log?.(String(error)))
        },
        onLinkBaseMoved: (move) => this.hooks.onLinkBaseMoved?.(id, move),
      },
    })
  }
}

export interface PoolHooks {
  /** A client saw its host's links move (host-profile.ts): the app tells the user, once per move. */
  onLinkBaseMoved?: (accountId: string, move: LinkBaseMove) => void
  log?: (line: string) => void
}
