import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../app/bridge.ts'
import { call, errorMessage } from '../../lib/call.ts'
import { toast } from '../../state/toast-store.ts'

/** The updater's status; main announces each change (updates.changed, routed in app/events.ts). */
export const updateStatusKey = ['updates', 'status'] as const

export function useUpdateStatus() {
  return useQuery({
    queryKey: updateStatusKey,
    queryFn: () => call(api.updates.status()),
    staleTime: Infinity,
  })
}

/** Settings' "Check now": the answer is the status after the check (a failure is in it, in words). */
export function useCheckForUpdates() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: () => call(api.updates.check()),
    onSuccess: (status) => qc.setQueryData(updateStatusKey, status),
    onError: (error) =>
      toast.error((intl) =>
        intl.formatMessage(
          { id: 'updates.toast.checkFailed', defaultMessage: 'Could not look for updates: {error}' },
          { error: errorMessage(error) },
        ),
      ),
  })
}

/** "On quit": the downloaded update installs when Filedock quits. */
export function useInstallOnQuit() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: () => call(api.updates.installOnQuit()),
    onSuccess: (status) => qc.setQueryData(updateStatusKey, status),
    onError: (error) =>
      toast.error((intl) =>
        intl.formatMessage(
          {
            id: 'updates.toast.onQuitFailed',
            defaultMessage: 'Could not keep the update for the next quit: {error}',
          },
          { error: errorMessage(error) },
        ),
      ),
  })
}

/** "Restart now": main quits (asking first while uploads run), installs the update and starts it. */
export function useRestartToUpdate() {
  return useMutation({
    mutationFn: () => call(api.updates.restart()),
    onError: (error) =>
      toast.error((intl) =>
        intl.formatMessage(
          { id: 'updates.toast.restartFailed', defaultMessage: 'Could not restart: {error}' },
          { error: errorMessage(error) },
        ),
      ),
  })
}
