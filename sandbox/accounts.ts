import { randomToken } from './codes.ts'
import type { Ctx } from './context.ts'
import { commit } from './context.ts'
import type { Account } from './model.ts'

export interface AccountOptions {
  /** Storage quota in bytes; absent = unlimited (`storage_left: "inf"`). */
  quotaBytes?: number
}

/** Issues a key: 24 characters [a-z0-9]. The spec does not show how keys are issued; this is the sandbox's way. */
export async function createAccount(ctx: Ctx, email: string, opts: AccountOptions = {}): Promise<Account> {
  const id = ctx.store.newAccountId()
  let key = randomToken(24)
  while (ctx.store.byKey.has(key)) key = randomToken(24)
  const quota = opts.quotaBytes ?? null
  await commit(ctx, { t: 'acct', id, email, key, at: Date.now(), quota })
  return ctx.store.accounts.get(id) as Account
}
