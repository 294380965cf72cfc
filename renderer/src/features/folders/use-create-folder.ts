import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../app/bridge.ts'
import { call } from '../../lib/call.ts'
import { keys } from '../../lib/query-keys.ts'
import { toast } from '../../state/toast-store.ts'
import { invalidateIndex } from '../files/use-file-actions.ts'

export interface FolderCreation {
  accountId: string
  parentId: number
  name: string
}

/**
 * Creates a folder. Not optimistic: the new folder's id comes from the host, so the name field stays (busy)
 * until the host answers, and on a failure it stays with the name typed and says why (the caller shows it).
 */
export function useCreateFolder() {
  const qc = useQueryClient()
  return useMutation({
    // The name field shows the failure next to the name; a toast would say it twice.
    meta: { silent: true },
    mutationFn: (v: FolderCreation) =>
      call(api.folders.create({ accountId: v.accountId, parentId: v.parentId, name: v.name })),
    onSuccess: (_r, v) =>
      toast.success((intl) =>
        intl.formatMessage(
          { id: 'folders.create.done', defaultMessage: 'Created folder “{name}”' },
          { name: v.name },
        ),
      ),
    onSettled: async (_r, _e, v) => {
      invalidateIndex(qc, v.accountId)
      // Awaited: the field gives way to the new folder's own row, not to a gap until the listing comes back.
      await qc.invalidateQueries({ queryKey: keys.folder(v.accountId, v.parentId) })
    },
  })
}
