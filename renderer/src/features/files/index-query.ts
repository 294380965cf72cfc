import type { InputOf } from '../../../../shared/ipc/types.ts'
import type { SearchScope, Sort } from './pane-store.ts'

export type IndexQuery = InputOf<'index.query'>['query']
export type Selection = InputOf<'index.summarize'>['selection']

/**
 * The index query behind what the pane shows. A folder without a search lists its subfolders and files; a search
 * looks where the scope switch says, from a folder down through its subfolders by default; "All files" (fldId
 * null) is the account, or every account when the switch says so.
 */
export function paneQuery(
  accountId: string,
  fldId: number | null,
  search: string,
  scope: SearchScope,
  sort: Sort,
): IndexQuery {
  const where: IndexQuery['scope'] =
    scope === 'all-accounts' && (search !== '' || fldId === null)
      ? { kind: 'all-accounts' }
      : fldId === null || (search !== '' && scope === 'account')
        ? { kind: 'account', accountId }
        : search !== ''
          ? { kind: 'subtree', accountId, fldId }
          : { kind: 'folder', accountId, fldId }
  return { scope: where, ...(search ? { search } : {}), sort }
}

/** Rows of a folder scope live in one place; everything else spans folders and needs a location column. */
export const spansFolders = (query: IndexQuery) => query.scope.kind !== 'folder'

/** A scope wider than a search's (the whole account, or all accounts), with the query that searches there. */
export interface WiderSearch {
  scope: 'account' | 'all-accounts'
  query: IndexQuery
}

/**
 * The scopes wider than a search's, narrowest first: from a folder below the root, the whole account; from a
 * folder or an account, all accounts when there is more than one. (From the root, the whole account is what was
 * searched.)
 */
export function widerSearches(query: IndexQuery, accounts: number): WiderSearch[] {
  const { scope } = query
  if (query.search === undefined || scope.kind === 'folder' || scope.kind === 'all-accounts') return []
  const wider: WiderSearch[] = []
  if (scope.kind === 'subtree' && scope.fldId !== 0)
    wider.push({
      scope: 'account',
      query: { ...query, scope: { kind: 'account', ...accountOf(scope) } },
    })
  if (accounts > 1)
    wider.push({
      scope: 'all-accounts',
      query: { ...query, scope: { kind: 'all-accounts' } },
    })
  return wider
}

const accountOf = (scope: { accountId?: string | undefined }): { accountId?: string } =>
  scope.accountId === undefined ? {} : { accountId: scope.accountId }
