import type { InputOf } from '../../../shared/ipc/types.ts'

type IndexQuery = InputOf<'index.query'>['query']

/**
 * Every server-data key, scoped by account so a switch never shows the previous account's data and an event
 * about one account invalidates exactly its entries. Prefixes nest: invalidating `account(id)` covers all.
 */
export const keys = {
  accounts: () => ['accounts'] as const,
  appInfo: () => ['app-info'] as const,
  /** A language's messages (not server data, but loaded once and kept as such). */
  catalogue: (locale: string) => ['catalogue', locale] as const,
  account: (accountId: string) => ['account', accountId] as const,
  accountInfo: (accountId: string) => ['account', accountId, 'info'] as const,
  accountStats: (accountId: string) => ['account', accountId, 'stats'] as const,
  folders: (accountId: string) => ['account', accountId, 'folders'] as const,
  folder: (accountId: string, fldId: number) => ['account', accountId, 'folders', fldId] as const,
  files: (accountId: string) => ['account', accountId, 'files'] as const,
  /** 'all': the list across every folder (file/list without fld_id). */
  filesIn: (accountId: string, fldId: number | 'all') => ['account', accountId, 'files', fldId] as const,
  fileList: (accountId: string, fldId: number | 'all', search: string) =>
    ['account', accountId, 'files', fldId, { search }] as const,
  /** Every window of the account's index (any folder, "All files", searches in it). */
  index: (accountId: string) => ['account', accountId, 'index'] as const,
  /**
   * Windows cut from one folder of the account's index ('all': "All files", and searches in the account or
   * from a folder down).
   */
  indexIn: (accountId: string, fldId: number | 'all') => ['account', accountId, 'index', fldId] as const,
  /** Windows searched across every account: any account's change touches them. */
  indexAcross: () => ['index', 'all-accounts'] as const,
  /** The windows of one query (scope, search, sort); a window is this plus its first row's offset. */
  indexQuery: (q: IndexQuery) =>
    q.scope.kind === 'all-accounts'
      ? ([...keys.indexAcross(), { search: q.search ?? '', sort: q.sort }] as const)
      : ([
          // A subtree spans folders: any change in the account may touch it, as it touches 'all'.
          ...keys.indexIn(q.scope.accountId ?? '', q.scope.kind === 'folder' ? q.scope.fldId : 'all'),
          {
            ...(q.scope.kind === 'subtree' ? { under: q.scope.fldId } : {}),
            search: q.search ?? '',
            sort: q.sort,
          },
        ] as const),
  indexWindow: (q: IndexQuery, offset: number) => [...keys.indexQuery(q), offset] as const,
  /** Counts and sizes of selections; any index change may move them. */
  indexSummaries: () => ['index', 'summary'] as const,
  indexSummary: (selection: unknown) => [...keys.indexSummaries(), selection] as const,
  indexStatus: () => ['index', 'status'] as const,
  deleted: (accountId: string) => ['account', accountId, 'deleted'] as const,
  settings: () => ['settings'] as const,
  /** Upload history spans accounts, so it is not under `account`. */
  history: () => ['history'] as const,
  historySearch: (text: string) => ['history', { text }] as const,
}
