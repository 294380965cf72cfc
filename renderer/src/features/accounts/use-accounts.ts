import { useQuery } from '@tanstack/react-query'
import type { AccountView } from '../../../../shared/accounts.ts'
import { api } from '../../app/bridge.ts'
import { call } from '../../lib/call.ts'
import { keys } from '../../lib/query-keys.ts'

export function useAccounts() {
  return useQuery({ queryKey: keys.accounts(), queryFn: () => call(api.accounts.list()) })
}

/** The active account, or null when there is none (first run) or the list is still loading. */
export function useActiveAccount(): AccountView | null {
  const { data } = useAccounts()
  if (!data) return null
  return data.accounts.find((a) => a.id === data.activeId) ?? null
}

/**
 * The active account's id for screens that only render when there is one (the shell does not mount them
 * otherwise); '' never reaches a call because queries are disabled without it.
 */
export function useAccountId(): string {
  return useActiveAccount()?.id ?? ''
}
