import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { AppInfo } from '../../../../shared/ipc/contract.ts'
import type { AppSettings, settingsPatchSchema } from '../../../../shared/ipc/settings.ts'
import { api } from '../../app/bridge.ts'
import { call } from '../../lib/call.ts'
import { keys } from '../../lib/query-keys.ts'

export function useUploadSettings() {
  return useQuery({ queryKey: keys.settings(), queryFn: () => call(api.settings.get()), staleTime: Infinity })
}

// What settings.update accepts (its input schema), so every preference the user may change goes through here.
type SettingsPatch = z.infer<typeof settingsPatchSchema>

/**
 * The link format and auto-copy switch; main announces the change (settings.changed) to every window.
 * Optimistic, and synchronously so: react-query runs onMutate a tick later, after React has already put a
 * controlled checkbox back to its old value, so the cache is written here, inside the change handler.
 */
export function useUpdateSettings() {
  const qc = useQueryClient()
  const mutation = useMutation({
    mutationFn: ({ patch }: { patch: SettingsPatch; before: AppSettings | undefined }) =>
      call(api.settings.update(patch)),
    onError: (_e, { before }) => {
      if (before) qc.setQueryData(keys.settings(), before)
    },
    onSuccess: (next) => qc.setQueryData(keys.settings(), next),
  })
  return {
    mutate(patch: SettingsPatch) {
      const before = qc.getQueryData<AppSettings>(keys.settings())
      if (before) qc.setQueryData(keys.settings(), { ...before, ...patch })
      mutation.mutate({ patch, before })
    },
  }
}

/** What main says of itself and its host (app.info), once asked; undefined until then. */
export function useAppInfo(): AppInfo | undefined {
  const { data } = useQuery({
    queryKey: keys.appInfo(),
    queryFn: () => call(api.app.info()),
    staleTime: Infinity,
  })
  return data
}

/** Which host runs main: the browser host gets "Add by path…" (it is the headless-box mode). */
export function useHostKind(): 'electron' | 'web' | null {
  return useAppInfo()?.host ?? null
}
