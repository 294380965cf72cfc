import type { QueryClient } from '@tanstack/react-query'
import type { AppEvent } from '../../../shared/ipc/events.ts'
import type { FiledockBridge } from '../../../shared/ipc/types.ts'
import { type ConnectionStatus, onConnectionStatus } from '../ipc/index.ts'
import { keys } from '../lib/query-keys.ts'
import { useConnection } from '../state/connection-store.ts'
import { useSelection } from '../state/selection-store.ts'
import { useUi } from '../state/ui-store.ts'

/**
 * THE one subscription to main's event stream. Events say what changed; this turns each into react-query
 * invalidations (server data) or store resets (UI state). No component subscribes to the bridge itself.
 * The link to main (the browser host's WebSocket) is watched here too: events sent while it was down are lost,
 * so everything is refetched when it comes back.
 */
export function routeEvents(bridge: FiledockBridge, qc: QueryClient): () => void {
  const stopEvents = bridge.onEvent((event) => route(event, qc))
  let last: ConnectionStatus = 'open'
  const stopStatus = onConnectionStatus((status) => {
    useConnection.getState().setLink(status)
    if (status === 'open' && last !== 'open') void qc.invalidateQueries()
    last = status
  })
  return () => {
    stopEvents()
    stopStatus()
  }
}

export function route(event: AppEvent, qc: QueryClient): void {
  switch (event.type) {
    case 'accounts.changed':
      void qc.invalidateQueries({ queryKey: keys.accounts() })
      return
    case 'account.activeChanged':
      // Folder ids and selections of the previous account mean nothing in the next one.
      useUi.getState().reset()
      useSelection.getState().clear()
      useConnection.getState().report(null)
      void qc.invalidateQueries({ queryKey: keys.accounts() })
      return
    case 'files.changed':
      if (event.fldId === null) void qc.invalidateQueries({ queryKey: keys.files(event.accountId) })
      else {
        void qc.invalidateQueries({ queryKey: keys.filesIn(event.accountId, event.fldId) })
        void qc.invalidateQueries({ queryKey: keys.filesIn(event.accountId, 'all') })
      }
      return
    case 'folders.changed':
      void qc.invalidateQueries({
        queryKey:
          event.parentId === null
            ? keys.folders(event.accountId)
            : keys.folder(event.accountId, event.parentId),
      })
      return
  }
}
