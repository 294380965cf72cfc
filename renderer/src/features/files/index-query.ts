import type { InputOf } from '../../../../shared/ipc/types.ts'
import type { SearchScope, Sort } from './pane-store.ts'

export type IndexQuery = InputOf<'index.query'>['query']
export type Selection = InputOf<'index.summarize'>['selection']

/**
 * The index query behind what the pane shows. A folder without a search lists its subfolders and files; a search
 * looks where the scope switch says; "All files" (fldId null) is the account, or every account when the switch
 * says so.
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
        : { kind: 'folder', accountId, fldId }
  return { scope: where, ...(search ? { search } : {}), sort }
}

/** Rows of a folder scope live in one place; everything else spans folders and needs a location column. */
export const spansFolders = (query: IndexQuery) => query.scope.kind !== 'folder'
