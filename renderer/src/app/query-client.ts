import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { errorKind, errorMessage } from '../lib/call.ts'
import { useConnection } from '../state/connection-store.ts'
import { toast } from '../state/toast-store.ts'

// Kinds where asking again cannot help: the user has to act first (fix the key, pick another file).
const FINAL = new Set([
  'auth',
  'forbidden',
  'not_found',
  'invalid_input',
  'keychain',
  'local_disk',
  'malformed',
  'internal',
])

function noteError(error: unknown): void {
  const kind = errorKind(error)
  if (kind === 'network' || kind === 'timeout') {
    useConnection.getState().report({ kind: 'network', message: errorMessage(error) })
  } else if (kind === 'auth') {
    useConnection.getState().report({ kind: 'auth', message: errorMessage(error) })
  }
}

export function createQueryClient(): QueryClient {
  // The host answers again: the offline banner goes, and whatever failed while it was away is asked again, as
  // the banner's Retry would, so no view is left showing an error after the connection came back by itself.
  const noteSuccess = (): void => {
    if (useConnection.getState().problem?.kind !== 'network') return
    useConnection.getState().report(null)
    void client.refetchQueries({ type: 'active', predicate: (q) => q.state.status === 'error' })
  }
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: noteError, onSuccess: noteSuccess }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        noteError(error)
        // A mutation with its own error display (inline form errors) opts out with meta.silent.
        if (!mutation.meta?.silent) toast.error(() => errorMessage(error))
      },
      onSuccess: noteSuccess,
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => !FINAL.has(errorKind(error) ?? '') && count < 1,
      },
      mutations: { retry: false },
    },
  })
  return client
}
