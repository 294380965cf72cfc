import { defineMessages } from '@formatjs/intl'
import type { AccountStore } from '../../core/accounts/index.ts'
import type { ApiClient } from '../../core/api/client.ts'
import { plainMessages } from '../../core/i18n/written-message.ts'
import { type ErrorKind, type ErrorValues, FiledockError } from '../../shared/errors.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import type { CliContext } from '../context.ts'
import { ENV_ACCOUNT_PREFIX, hostOf, keychainTarget, resolveTarget, type Target } from '../credentials.ts'
import { BASE_URL_ENV } from '../key-source.ts'
import { openAccounts } from '../keychain.ts'

export interface AccountProblem {
  kind: ErrorKind
  /** For a person: why this run cannot serve the account's items and what to do (English; the id words it). */
  message: string
  messageId?: string
  values?: ErrorValues
}

const m = plainMessages(
  defineMessages({
    goneAccount: {
      id: 'cli.errors.queue.goneAccount',
      defaultMessage: 'They were queued for an account that is no longer in the Filedock app.',
    },
    envAccount: {
      id: 'cli.errors.queue.envAccount',
      defaultMessage:
        "They were queued for {baseUrl} with a key from the environment. Set {baseUrlEnv}={baseUrl} and that host's key in FILEDOCK_API_KEY to finish them.",
    },
    otherHost: {
      id: 'cli.errors.queue.otherHost',
      defaultMessage:
        "They were queued for {baseUrl}, not {otherUrl}. Set {baseUrlEnv}={baseUrl} and that host's key in FILEDOCK_API_KEY to finish them.",
    },
  }),
)

/**
 * The accounts one run of `filedock upload` / `remote` can serve: the one named for new uploads, and those of
 * items earlier runs left in the queue. Queue items keep only an account id, so an earlier run's items are
 * served only when this run can build a client for that id — a keychain account still in the app, or, for
 * `env:<base URL>`, the environment naming that same host (a key from the environment is never sent to a host
 * other than the one it was given for). Items of other accounts wait in the queue (see resume.ts).
 */
export class QueueAccounts {
  private readonly usable = new Map<string, Target>()
  private readonly problems = new Map<string, AccountProblem>()
  private store: Promise<AccountStore> | null = null
  /** Labels of the app's accounts, for messages about accounts whose key cannot be read. */
  private readonly labels = new Map<string, string>()

  constructor(
    private readonly ctx: CliContext,
    private readonly baseUrlFlag: string | undefined,
  ) {}

  /** The keychain accounts, opened once and only when an account needs them. */
  accounts = (): Promise<AccountStore> => {
    this.store ??= openAccounts(this.ctx.env).then((store) => {
      for (const e of store.entries()) this.labels.set(e.id, e.label)
      return store
    })
    return this.store
  }

  add(target: Target): void {
    this.usable.set(target.accountId, target)
  }

  /** null when this run can serve the account, else why not. */
  async problemOf(accountId: string): Promise<AccountProblem | null> {
    if (this.usable.has(accountId)) return null
    const known = this.problems.get(accountId)
    if (known !== undefined) return known
    try {
      const target = accountId.startsWith(ENV_ACCOUNT_PREFIX)
        ? await this.envAccount(accountId.slice(ENV_ACCOUNT_PREFIX.length))
        : await this.keychainAccount(accountId)
      this.usable.set(accountId, target)
      return null
    } catch (err) {
      const problem: AccountProblem =
        err instanceof FiledockError
          ? {
              kind: err.kind,
              message: err.message,
              ...(err.messageId === undefined ? {} : { messageId: err.messageId }),
              ...(err.values === undefined ? {} : { values: err.values }),
            }
          : { kind: 'auth', message: err instanceof Error ? err.message : String(err) }
      this.problems.set(accountId, problem)
      return problem
    }
  }

  /** The engine's clientFor: only accounts problemOf accepted; the engine pauses the queue on this error. */
  client(accountId: string): ApiClient {
    const target = this.usable.get(accountId)
    if (target) return target.client
    throw new FiledockError({
      kind: 'auth',
      message: this.problems.get(accountId)?.message ?? 'This account is not available to this run.',
    })
  }

  label(accountId: string): string {
    const target = this.usable.get(accountId)
    if (target) return target.label
    return accountId.startsWith(ENV_ACCOUNT_PREFIX)
      ? hostOf(accountId.slice(ENV_ACCOUNT_PREFIX.length))
      : accountId
  }

  async close(): Promise<void> {
    await Promise.all([...this.usable.values()].map((t) => t.client.close()))
  }

  private async keychainAccount(accountId: string): Promise<Target> {
    const store = await this.accounts()
    if (!store.entries().some((e) => e.id === accountId)) {
      throw translatedError({ kind: 'not_found' }, m.goneAccount)
    }
    return keychainTarget(this.ctx, store, accountId)
  }

  private async envAccount(baseUrl: string): Promise<Target> {
    let target: Target
    try {
      target = await resolveTarget(this.ctx, { baseUrl: this.baseUrlFlag })
    } catch {
      throw translatedError({ kind: 'auth' }, m.envAccount, { baseUrl, baseUrlEnv: BASE_URL_ENV })
    }
    if (target.accountId === `${ENV_ACCOUNT_PREFIX}${baseUrl}`) return target
    await target.client.close()
    const otherUrl = target.client.baseUrl
    throw translatedError({ kind: 'auth' }, m.otherHost, { baseUrl, otherUrl, baseUrlEnv: BASE_URL_ENV })
  }
}
