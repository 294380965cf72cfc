/**
 * Every server-data key, scoped by account so a switch never shows the previous account's data and an event
 * about one account invalidates exactly its entries. Prefixes nest: invalidating `account(id)` covers all.
 */
export const keys = {
  accounts: () => ['accounts'] as const,
  appInfo: () => ['app-info'] as const,
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
  deleted: (accountId: string) => ['account', accountId, 'deleted'] as const,
  settings: () => ['settings'] as const,
  /** Upload history spans accounts, so it is not under `account`. */
  history: () => ['history'] as const,
  historySearch: (text: string) => ['history', { text }] as const,
}
