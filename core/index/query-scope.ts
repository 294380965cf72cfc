import { defineMessages } from '@formatjs/intl'
import type { z } from 'zod'
import { translatedError } from '../../shared/i18n/error-text.ts'
import type { indexQuerySchema } from '../../shared/ipc/index-contract.ts'
import { noActiveAccount } from '../accounts/account-guards.ts'
import type { ResolvedQuery } from './query-sql.ts'

export type IndexQuery = z.infer<typeof indexQuerySchema>

export interface ScopeContext {
  /** The app's accounts now (an index may still hold rows of an account removed while the app was closed). */
  accountIds(): string[]
  activeId(): string | null
  key(accountId: string): number
}

/** A query of the contract in the index's terms, plus the accounts it covers. */
export function resolveQuery(
  q: IndexQuery,
  ctx: ScopeContext,
): { query: ResolvedQuery; accountIds: string[] } {
  const base = { search: q.search ?? '', sort: q.sort }
  if (q.scope.kind === 'all-accounts') {
    const ids = ctx.accountIds()
    return { query: { ...base, accts: ids.map((id) => ctx.key(id)), fldId: null }, accountIds: ids }
  }
  const id = accountOf(q.scope.accountId, ctx)
  const one = { ...base, accts: [ctx.key(id)] }
  if (q.scope.kind === 'subtree')
    return { query: { ...one, fldId: null, under: q.scope.fldId }, accountIds: [id] }
  const fldId = q.scope.kind === 'folder' ? q.scope.fldId : null
  return { query: { ...one, fldId }, accountIds: [id] }
}

/** The account a call names, or the active one; an account the app does not have is refused. */
export function accountOf(accountId: string | undefined, ctx: ScopeContext): string {
  const id = accountId ?? ctx.activeId()
  if (id === null) throw noActiveAccount()
  if (!ctx.accountIds().includes(id)) throw translatedError({ kind: 'not_found' }, TEXT.noSuchAccount)
  return id
}

const TEXT = defineMessages({
  noSuchAccount: {
    id: 'errors.index.noSuchAccount',
    defaultMessage: 'That account does not exist (any more).',
  },
})
