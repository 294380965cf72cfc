import type { QueryClient } from '@tanstack/react-query'
import type { IntlShape } from 'react-intl'
import type { AppEvent } from '../../../shared/ipc/events.ts'
import type { LinksReadyEvent } from '../../../shared/ipc/queue-events.ts'
import type { FiledockBridge } from '../../../shared/ipc/types.ts'
import type { QueueEvent } from '../../../shared/queue.ts'
import { BATCH_VERIFY_STATUSES, isBatchProblem } from '../../../shared/verify.ts'
import { showMoveProgress } from '../features/dnd/move-progress.ts'
import { applyIndexProgress, indexChanges } from '../features/files/index-events.ts'
import { useVerify } from '../features/history/verify-store.ts'
import { verdictLine } from '../features/history/verify-words.ts'
import { updateStatusKey } from '../features/updates/use-updates.ts'
import { arrivalsKey } from '../features/upload/ArrivalsDialog.tsx'
import { watchKeys } from '../features/watch/watch-keys.ts'
import { type ConnectionStatus, onConnectionStatus } from '../ipc/index.ts'
import { call, errorMessage } from '../lib/call.ts'
import { copyText } from '../lib/clipboard.ts'
import { keys } from '../lib/query-keys.ts'
import { useConnection } from '../state/connection-store.ts'
import { applyQueueEvent, applySnapshot } from '../state/queue-store.ts'
import { useSelection } from '../state/selection-store.ts'
import { toast } from '../state/toast-store.ts'
import { useUi } from '../state/ui-store.ts'
import { useUploads } from '../state/upload-store.ts'

/**
 * THE one subscription to main's event stream. Events say what changed; this turns each into react-query
 * invalidations (server data), store resets (UI state) or updates of the upload queue's store. No component
 * subscribes to the bridge itself. The link to main (the browser host's WebSocket) is watched here too: events
 * sent while it was down are lost, so everything is refetched, and the queue reloaded, when it comes back.
 */
export function routeEvents(bridge: FiledockBridge, qc: QueryClient): () => void {
  const queue = queueFeed(bridge)
  const stopEvents = bridge.onEvent((event) => route(event, { qc, bridge, queueEvent: queue.push }))
  let last: ConnectionStatus = 'open'
  const stopStatus = onConnectionStatus((status) => {
    useConnection.getState().setLink(status)
    if (status === 'open' && last !== 'open') {
      void qc.invalidateQueries()
      queue.reload()
    }
    last = status
  })
  queue.reload()
  return () => {
    stopEvents()
    stopStatus()
  }
}

interface RouteContext {
  qc: QueryClient
  bridge: FiledockBridge
  queueEvent: (event: QueueEvent) => void
}

export function route(event: AppEvent, { qc, bridge, queueEvent }: RouteContext): void {
  switch (event.type) {
    case 'accounts.changed':
      void qc.invalidateQueries({ queryKey: keys.accounts() })
      return
    case 'account.activeChanged':
      // Folder ids and selections of the previous account mean nothing in the next one.
      useUi.getState().reset()
      useSelection.getState().clear()
      useConnection.getState().report(null)
      useUploads.getState().setTargets([])
      void qc.invalidateQueries({ queryKey: keys.accounts() })
      return
    case 'files.changed':
      if (event.fldId === null) void qc.invalidateQueries({ queryKey: keys.files(event.accountId) })
      else {
        void qc.invalidateQueries({ queryKey: keys.filesIn(event.accountId, event.fldId) })
        void qc.invalidateQueries({ queryKey: keys.filesIn(event.accountId, 'all') })
      }
      // Storage used and the dashboard's numbers moved too.
      void qc.invalidateQueries({ queryKey: keys.accountInfo(event.accountId) })
      return
    case 'folders.changed':
      void qc.invalidateQueries({
        queryKey:
          event.parentId === null
            ? keys.folders(event.accountId)
            : keys.folder(event.accountId, event.parentId),
      })
      return
    case 'index.progress':
      applyIndexProgress(qc, event)
      return
    case 'index.changed':
      indexChanges(qc).push(event)
      return
    case 'index.moveProgress':
      showMoveProgress(event)
      return
    case 'settings.changed':
      void qc.invalidateQueries({ queryKey: keys.settings() })
      return
    case 'arrivals.changed':
      void qc.invalidateQueries({ queryKey: arrivalsKey })
      return
    case 'watch.changed':
      void qc.invalidateQueries({ queryKey: watchKeys.list() })
      return
    case 'history.healthChanged':
      void qc.invalidateQueries({ queryKey: watchKeys.health() })
      return
    case 'updates.changed':
      void qc.invalidateQueries({ queryKey: updateStatusKey })
      return
    case 'account.linksMoved':
      // Told once per move (main learns it from the host's answers): the history's links are rebuilt on it.
      void qc.invalidateQueries({ queryKey: keys.history() })
      void qc.invalidateQueries({ queryKey: keys.accounts() })
      toast.info((intl) =>
        intl.formatMessage(
          {
            id: 'app.events.linksMoved',
            defaultMessage: 'The host’s links moved to {host}. History and link packs now give links there.',
          },
          { host: event.to },
        ),
      )
      return
    case 'verify.progress':
      useVerify.getState().progress(event)
      return
    case 'verify.finished':
      announceVerify(event)
      return
    case 'links.ready':
      void qc.invalidateQueries({ queryKey: keys.history() })
      useUploads.getState().batchFinished(event)
      void autoCopy(event, bridge)
      return
    default:
      queueEvent(event)
  }
}

/**
 * A verify the window is not showing ended (one main ran by itself after an upload, or one whose dialog was
 * closed): its verdict in a toast, with the report a click away. A run the dialog shows speaks there.
 */
function announceVerify(event: Extract<AppEvent, { type: 'verify.finished' }>): void {
  const verify = useVerify.getState()
  if (verify.shown === event.verifyId || event.cancelled) return
  // Worded when drawn (a toast follows a change of language), the label as the report will name the run.
  const label = (intl: IntlShape) =>
    verify.runs[event.verifyId]?.label(intl) ??
    intl.formatMessage({ id: 'verify.toast.theUpload', defaultMessage: 'the upload' })
  const line = (intl: IntlShape) => verdictLine(event.counts, event.total, intl)
  const problems = BATCH_VERIFY_STATUSES.some((s) => isBatchProblem(s) && event.counts[s] > 0)
  const open = () => useVerify.getState().openReport(event.verifyId, event.batchId, label)
  const action = {
    label: (intl: IntlShape) =>
      intl.formatMessage({ id: 'verify.toast.open', defaultMessage: 'Open the report' }),
    run: open,
  }
  if (problems)
    toast.error(
      (intl) =>
        intl.formatMessage(
          { id: 'verify.toast.problems', defaultMessage: '{line}: open the report' },
          { line: line(intl) },
        ),
      action,
    )
  else toast.success(line, action)
}

/**
 * Main copies the pack itself where it owns a clipboard (Electron: `copied`); in the browser host the page
 * owns the clipboard, so it copies here when the user asked for auto-copy.
 */
async function autoCopy(event: LinksReadyEvent, bridge: FiledockBridge): Promise<void> {
  if (event.copied || event.text === '') return
  try {
    const settings = await call(bridge.settings.get())
    if (!settings.autoCopy) return
    await copyText(event.text)
    toast.success((intl) =>
      intl.formatMessage({
        id: 'app.events.linksCopied',
        defaultMessage: 'Links copied to the clipboard',
      }),
    )
  } catch (error) {
    toast.error((intl) =>
      intl.formatMessage(
        { id: 'app.events.copyFailed', defaultMessage: 'Could not copy the links: {error}' },
        { error: errorMessage(error) },
      ),
    )
  }
}

/**
 * Loads the queue's snapshot, holding back events that arrive meanwhile and replaying them on top: an event
 * may be older or newer than the snapshot, and replaying a whole item view is harmless either way.
 */
function queueFeed(bridge: FiledockBridge) {
  let held: QueueEvent[] | null = null
  let generation = 0
  return {
    push(event: QueueEvent) {
      if (held) held.push(event)
      else applyQueueEvent(event)
    },
    reload() {
      const mine = ++generation
      held = []
      void bridge.queue.snapshot().then((result) => {
        if (mine !== generation) return
        const pending = held ?? []
        held = null
        if (result.ok) applySnapshot(result.value)
        for (const event of pending) applyQueueEvent(event)
      })
    },
  }
}
