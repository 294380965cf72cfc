import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AccountView, AddAccountInput, UpdateAccountInput } from '../../../../shared/accounts.ts'
import type { FiledockError } from '../../../../shared/errors.ts'
import { api } from '../../app/bridge.ts'
import { call } from '../../lib/call.ts'
import { keys } from '../../lib/query-keys.ts'
import { useConnection } from '../../state/connection-store.ts'
import { toast } from '../../state/toast-store.ts'
import { asFiledockError } from './field-errors.ts'

/** The outcome of a key check, as a value. */
export type Checked<T> = { ok: true; value: T } | { ok: false; error: FiledockError }

/**
 * Adding an account or editing one checks a key that is not the one the window is working with. Its failure
 * belongs to the form only, so it is returned, never thrown: the query client's error hook reads any thrown
 * auth error as "the active account's key was refused" and would put the "Fix key" banner over a working account.
 */
async function settle<T>(work: () => Promise<T>): Promise<Checked<T>> {
  try {
    return { ok: true, value: await work() }
  } catch (error) {
    return { ok: false, error: asFiledockError(error) }
  }
}

/** Account mutations. Each refreshes the account list itself; the accounts.changed event does too. */
export function useAccountActions() {
  const qc = useQueryClient()
  const refresh = () => qc.invalidateQueries({ queryKey: keys.accounts() })

  const add = useMutation({
    mutationFn: (input: AddAccountInput) =>
      settle(async () => {
        const account = await call(api.accounts.add(input))
        if (!account.active) await call(api.accounts.setActive({ id: account.id }))
        return account
      }),
    onSuccess: (result) => {
      if (result.ok)
        toast.success((intl) =>
          intl.formatMessage(
            { id: 'accounts.toast.added', defaultMessage: 'Added “{account}”' },
            { account: result.value.label },
          ),
        )
    },
    onSettled: refresh,
  })

  const update = useMutation({
    mutationFn: ({ id, ...patch }: UpdateAccountInput & { id: string }) =>
      settle(() => call(api.accounts.update({ id, ...patch }))),
    onSuccess: (result: Checked<AccountView>, input) => {
      if (!result.ok) return
      toast.success((intl) =>
        intl.formatMessage(
          { id: 'accounts.toast.saved', defaultMessage: 'Saved “{account}”' },
          { account: result.value.label },
        ),
      )
      // The active account works again with its new key or address: the banner goes and the views reload.
      if (result.value.active && (input.apiKey !== undefined || input.baseUrl !== undefined)) {
        useConnection.getState().report(null)
        void qc.refetchQueries({ type: 'active', predicate: (q) => q.state.status === 'error' })
      }
    },
    onSettled: refresh,
  })

  const remove = useMutation({
    mutationFn: (v: { id: string; label: string }) => call(api.accounts.remove({ id: v.id })),
    onSuccess: (_r, v) =>
      toast.success((intl) =>
        intl.formatMessage(
          { id: 'accounts.toast.removed', defaultMessage: 'Removed “{account}”' },
          { account: v.label },
        ),
      ),
    onSettled: refresh,
  })

  const setActive = useMutation({
    mutationFn: (id: string) => call(api.accounts.setActive({ id })),
    onSettled: refresh,
  })

  const tryOffline = useMutation({
    mutationFn: () => call(api.accounts.tryOffline()),
    onSuccess: () =>
      toast.success((intl) =>
        intl.formatMessage({ id: 'accounts.toast.offlineReady', defaultMessage: 'Offline sandbox ready' }),
      ),
    onSettled: refresh,
  })

  return { add, update, remove, setActive, tryOffline }
}
