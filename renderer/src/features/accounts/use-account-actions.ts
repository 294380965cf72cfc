import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AddAccountInput } from '../../../../shared/accounts.ts'
import { api } from '../../app/bridge.ts'
import { call } from '../../lib/call.ts'
import { keys } from '../../lib/query-keys.ts'
import { toast } from '../../state/toast-store.ts'

/** Account mutations. Each refreshes the account list itself; the accounts.changed event does too. */
export function useAccountActions() {
  const qc = useQueryClient()
  const refresh = () => qc.invalidateQueries({ queryKey: keys.accounts() })

  const add = useMutation({
    // Errors are shown inline in the form, not as a toast.
    meta: { silent: true },
    mutationFn: async (input: AddAccountInput) => {
      const account = await call(api.accounts.add(input))
      if (!account.active) await call(api.accounts.setActive({ id: account.id }))
      return account
    },
    onSuccess: (account) => toast.success(`Added “${account.label}”`),
    onSettled: refresh,
  })

  const remove = useMutation({
    mutationFn: (v: { id: string; label: string }) => call(api.accounts.remove({ id: v.id })),
    onSuccess: (_r, v) => toast.success(`Removed “${v.label}”`),
    onSettled: refresh,
  })

  const setActive = useMutation({
    mutationFn: (id: string) => call(api.accounts.setActive({ id })),
    onSettled: refresh,
  })

  const tryOffline = useMutation({
    mutationFn: () => call(api.accounts.tryOffline()),
    onSuccess: () => toast.success('Offline sandbox ready'),
    onSettled: refresh,
  })

  return { add, remove, setActive, tryOffline }
}
