import { useMutation, useQuery } from '@tanstack/react-query'
import type { NewWatchRule } from '../../../../shared/watch.ts'
import { api } from '../../app/bridge.ts'
import { call, errorMessage } from '../../lib/call.ts'
import { toast } from '../../state/toast-store.ts'
import { watchKeys } from './watch-keys.ts'

/** The watch rules with what each is doing; watch.changed (events.ts) refetches it. */
export function useWatchList() {
  return useQuery({ queryKey: watchKeys.list(), queryFn: () => call(api.watch.list({})) })
}

/** Add, pause/resume and remove; main announces each change, so the list refetches by itself. */
export function useWatchActions() {
  const add = useMutation({
    mutationFn: (rule: NewWatchRule) => call(api.watch.add(rule)),
    onSuccess: (status) =>
      toast.success((intl) =>
        intl.formatMessage(
          { id: 'watch.toast.added', defaultMessage: 'Watching {dir}' },
          { dir: status.rule.dir },
        ),
      ),
  })
  const setPaused = useMutation({
    mutationFn: (o: { id: string; paused: boolean }) => call(api.watch.setPaused(o)),
    onError: (error) =>
      toast.error((intl) =>
        intl.formatMessage(
          { id: 'watch.toast.changeFailed', defaultMessage: 'Could not change the watch folder: {error}' },
          { error: errorMessage(error) },
        ),
      ),
  })
  const remove = useMutation({
    mutationFn: (id: string) => call(api.watch.remove({ id })),
    onError: (error) =>
      toast.error((intl) =>
        intl.formatMessage(
          { id: 'watch.toast.removeFailed', defaultMessage: 'Could not remove the watch folder: {error}' },
          { error: errorMessage(error) },
        ),
      ),
  })
  return { add, setPaused, remove }
}
