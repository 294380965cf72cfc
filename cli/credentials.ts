import { defineMessages } from '@formatjs/intl'
import type { AccountStore } from '../core/accounts/index.ts'
import type { ApiClient } from '../core/api/client.ts'
import { VERSION } from '../core/app-info/version.ts'
import { plainMessages } from '../core/i18n/written-message.ts'
import { type CliContext, usage } from './context.ts'
import { BASE_URL_ENV } from './key-source.ts'
import { openAccounts } from './keychain.ts'

/** An account the CLI talks to: a client holding the key (the key goes nowhere else) and how to name it. */
export interface Target {
  /** The keychain account's id, or `env:<base URL>` for FILEDOCK_BASE_URL + FILEDOCK_API_KEY. */
  accountId: string
  label: string
  client: ApiClient
}

const messages = plainMessages(
  defineMessages({
    baseUrlWithAccount: {
      id: 'cli.errors.credentials.baseUrlWithAccount',
      defaultMessage: '--base-url does not go with --account: the account has its own address.',
    },
    noAddress: {
      id: 'cli.errors.credentials.noAddress',
      defaultMessage:
        'No server address: pass --base-url URL or set {baseUrlEnv}, or pick a saved account with --account NAME.',
    },
    accountName: { id: 'cli.errors.credentials.accountName', defaultMessage: '--account needs a name.' },
  }),
)

export const ENV_ACCOUNT_PREFIX = 'env:'
const USER_AGENT = `filedock-cli/${VERSION}`

/**
 * `--account NAME` picks a keychain account by label or id; without it the key comes from FILEDOCK_API_KEY and
 * the address from --base-url or FILEDOCK_BASE_URL. An account has its own address, so --base-url with
 * --account is refused rather than silently sending that account's key to another host.
 */
export async function resolveTarget(
  ctx: CliContext,
  o: { account?: string | undefined; baseUrl?: string | undefined },
  accounts?: () => Promise<AccountStore>,
): Promise<Target> {
  if (o.account !== undefined) {
    if (o.baseUrl !== undefined) {
      throw usage(messages.baseUrlWithAccount)
    }
    const store = await (accounts ?? (() => openAccounts(ctx.env)))()
    return keychainTarget(ctx, store, o.account)
  }
  const baseUrl = o.baseUrl ?? ctx.env[BASE_URL_ENV]
  if (!baseUrl) {
    throw usage(messages.noAddress, { baseUrlEnv: BASE_URL_ENV })
  }
  const apiKey = await ctx.keySource.get()
  const client = await newClient(ctx, baseUrl, apiKey)
  return { accountId: `${ENV_ACCOUNT_PREFIX}${client.baseUrl}`, label: hostOf(client.baseUrl), client }
}

/** A keychain account by label (any case) or id, its key read from the keychain. */
export async function keychainTarget(
  ctx: CliContext,
  store: AccountStore,
  nameOrId: string,
): Promise<Target> {
  if (nameOrId.trim() === '') throw usage(messages.accountName)
  const { resolveAccountCredentials } = await import('../core/accounts/index.ts')
  const c = await resolveAccountCredentials(store, nameOrId)
  const proxy = await store.proxyOf(c.id)
  return { accountId: c.id, label: c.label, client: await newClient(ctx, c.baseUrl, c.apiKey, proxy) }
}

/**
 * The run's client. Proxies: an app account's own setting (none, or its proxy URL with the credentials from the
 * keychain) wins; otherwise HTTPS_PROXY, HTTP_PROXY, ALL_PROXY and NO_PROXY as curl reads them
 * (core/net/env-proxy.ts); none set, direct.
 */
async function newClient(
  ctx: CliContext,
  baseUrl: string,
  apiKey: string,
  own: { mode: 'system' } | { mode: 'none' } | { mode: 'url'; url: string } = { mode: 'system' },
): Promise<ApiClient> {
  const [{ ApiClient }, net] = await Promise.all([
    import('../core/api/client.ts'),
    import('../core/net/env-proxy.ts'),
  ])
  const proxy =
    own.mode === 'none'
      ? net.directRoute
      : own.mode === 'url'
        ? net.fixedProxyRoute(own.url)
        : net.envProxyRoute(ctx.env)
  return new ApiClient({ baseUrl, apiKey, userAgent: USER_AGENT, ...(proxy ? { proxy } : {}) })
}

export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host
  } catch {
    return baseUrl
  }
}
