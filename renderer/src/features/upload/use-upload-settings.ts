import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AppSettings } from '../../../../shared/ipc/settings.ts'
import { api } from '../../app/bridge.ts'
import { call } from '../../lib/call.ts'
import { keys } from '../../lib/query-keys.ts'

export function useUploadSettings() {
  return useQuery({ queryKey: keys.settings(), queryFn: () => call(api.settings.get()), staleTime: Infinity })
}

type SettingsPatch = Partial<Pick<AppSettings, 'linkFormat' | 'autoCopy'>>

/** The link format and auto-copy switch; main announces the change (settings.changed) to every window. */
export function useUpdateSettings() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (patch: SettingsPatch) => call(api.settings.update(patch)),
    // Optimistic: a switch must move when clicked, not a round trip later.
    onMutate: (patch: SettingsPatch) => {
      const before = qc.getQueryData<AppSettings>(keys.settings())
      if (before) qc.setQueryData(keys.settings(), { ...before, ...patch })
      return { before }
    },
    onError: (_e, _patch, ctx) => {
      if (ctx?.before) qc.setQueryData(keys.settings(), ctx.before)
    },
    onSuccess: (next) => qc.setQueryData(keys.settings(), next),
  })
}

/** Which host runs main: the browser host gets "Add by path…" (it is the headless-box mode). */
export function useHostKind(): 'electron' | 'web' | null {
  const { data } = useQuery({
    queryKey: keys.appInfo(),
    queryFn: () => call(api.app.info()),
    staleTime: Infinity,
  })
  return data?.host ?? null
}
