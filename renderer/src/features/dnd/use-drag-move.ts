import { useMemo, useRef } from 'react'
import { useIntl } from 'react-intl'
import type { IndexFileRow, IndexRow } from '../../../../shared/file-index.ts'
import { errorMessage } from '../../lib/call.ts'
import { commandLabel } from '../../lib/command-key.ts'
import { isPicked, useSelection } from '../../state/selection-store.ts'
import { toast } from '../../state/toast-store.ts'
import { itemId } from '../files/FileItem.tsx'
import { DOWNLOAD_KEY } from '../files/file-keys.ts'
import { linksText } from '../files/links-text.ts'
import { selectionAccount, selectionOf } from '../files/selection.ts'
import { useFileActions } from '../files/use-file-actions.ts'
import type { SelectionCount } from '../files/use-selection-summary.ts'
import { useAppInfo } from '../upload/use-upload-settings.ts'
import { setDragLabel } from './drag-image.ts'
import { startDragOut } from './drag-out.ts'
import { dragSession } from './drag-session.ts'
import { dragWay } from './drag-way.ts'
import { dragOverFolder, dropOnFolder, MOVE_TYPE } from './folder-drop.ts'
import type { FolderTarget } from './folder-target.ts'
import { hintWhenLeaving } from './leave-hint.ts'
import { useMoveFailures } from './move-failures.ts'
import { readyCopies, useReadyCopies } from './use-ready-copies.ts'

type Sel = ReturnType<typeof useSelection.getState>

/**
 * Drag and drop in the file pane, as handlers for the grid (delegated: rows stay memoised and carry only
 * `draggable`): a file row drags the selection (or the row alone when it is not selected) and a folder row takes
 * drops, of files from the pane (moved there, through the same move as the Move dialog, so Undo covers it) or
 * from the OS (uploaded there, by DropZone). The handlers never change; they read the latest rows through a ref.
 */
export function useDragMove(rowAt: (index: number) => IndexRow | undefined, summary: SelectionCount | null) {
  const actions = useFileActions()
  const intl = useIntl()
  // Electron's shell can hand files to the OS's drag (drag-out.ts); the browser host keeps the page's drag.
  const dragOut = useAppInfo()?.dragOut === true
  const latest = useRef({ rowAt, summary, actions, intl, dragOut })
  useReadyCopies(dragOut)
  latest.current = { rowAt, summary, actions, intl, dragOut }

  return useMemo(() => {
    const rowUnder = (e: React.DragEvent) => {
      const el = (e.target as Element).closest?.('[data-code]')
      // Row elements carry their index in their id (itemId); anything else with a code is not a row.
      const index = Number(el?.id.replace(/\D+/g, '') || Number.NaN)
      const row = el && el.id === itemId(index) ? latest.current.rowAt(index) : undefined
      return el && row ? { el, index, row } : null
    }
    const folderUnder = (e: React.DragEvent) => {
      const hit = rowUnder(e)
      if (hit?.row.kind !== 'folder') return null
      const { accountId, fldId, name, path } = hit.row
      const target: FolderTarget = { accountId, fldId, name, path }
      return { el: hit.el, target }
    }
    const over = (e: React.DragEvent) => {
      const hit = folderUnder(e)
      if (hit) dragOverFolder(e, hit.el, hit.target)
    }
    return {
      onDragStart: (e: React.DragEvent) => {
        const hit = rowUnder(e)
        if (!hit) return e.preventDefault()
        const { intl } = latest.current
        if (hit.row.kind === 'folder') {
          e.preventDefault()
          // The API moves files only (one call per file); a folder has no move, so a drag of one says so and stops.
          toast.refuse((intl) =>
            intl.formatMessage({
              id: 'dnd.drag.folderRefused',
              defaultMessage: 'Folders can’t be moved on this host; move the files inside them instead',
            }),
          )
          return
        }
        const file = hit.row
        if (!isPicked(useSelection.getState(), file)) useSelection.getState().selectOnly(hit.index, file)
        const sel = useSelection.getState()
        let selection: ReturnType<typeof selectionOf>
        try {
          selection = selectionOf(sel, intl)
        } catch (error) {
          e.preventDefault()
          toast.error(() => errorMessage(error))
          return
        }
        const accountId = selectionAccount(sel)
        if (!selection || accountId === null) {
          e.preventDefault()
          toast.refuse((intl) =>
            intl.formatMessage({
              id: 'dnd.drag.oneAccount',
              defaultMessage: 'Move the files of one account at a time',
            }),
          )
          return
        }
        const moving = selection
        const drag = {
          accountId,
          fromFldId: folderOf(sel),
          moveTo: (t: FolderTarget) =>
            latest.current.actions.move.mutate(
              { selection: moving, accountId, fldId: t.fldId, folderName: t.name },
              // The move's toast counts what did not move; the notice names each file and why.
              { onSuccess: (result) => useMoveFailures.getState().show(t.name, result.failed) },
            ),
        }
        // Picked files whose copies are ready in about a second go to the OS's drag where the shell offers one
        // (out to a folder, and back onto a folder of the window as a move); larger picks and a Ctrl+A stay the
        // page's drag, which moves within the window at once (drag-way.ts).
        const picked = sel.all ? [] : [...sel.picked.values()]
        const way = dragWay({
          dragOut: latest.current.dragOut,
          all: sel.all !== null,
          picked,
          cached: (f) => readyCopies.has(accountId, f),
        })
        if (way === 'out') {
          startDragOut(e, drag, picked)
          return
        }
        const count = sel.all ? (latest.current.summary?.files ?? null) : sel.picked.size
        if (way === 'tooLarge')
          hintWhenLeaving(
            () => dragSession.current() === drag,
            () =>
              toast.info((intl) =>
                intl.formatMessage(
                  {
                    id: 'dnd.dragOut.tooLarge',
                    defaultMessage:
                      '{count, plural, one {This file is too large to drag out of the window. Use Download… ({shortcut}) to save it.} other {These files are too large to drag out of the window. Use Download… ({shortcut}) to save them.}}',
                  },
                  // A whole view whose count is not known yet is several files.
                  { count: count ?? 2, shortcut: commandLabel(DOWNLOAD_KEY) },
                ),
              ),
          )
        e.dataTransfer.effectAllowed = 'move'
        e.dataTransfer.setData(MOVE_TYPE, String(count ?? ''))
        // Dropped on a text field or another app, picked files give their page links, as Copy links does.
        if (!sel.all) e.dataTransfer.setData('text/plain', linksText([...sel.picked.values()], 'page'))
        setDragLabel(
          e.dataTransfer,
          count === 1
            ? file.name
            : count === null
              ? intl.formatMessage({ id: 'dnd.drag.selectedFiles', defaultMessage: 'Selected files' })
              : intl.formatMessage(
                  {
                    id: 'dnd.drag.fileCount',
                    defaultMessage: '{count, plural, one {# file} other {# files}}',
                  },
                  { count },
                ),
        )
        dragSession.start(drag)
      },
      onDragEnter: over,
      onDragOver: over,
      onDrop: (e: React.DragEvent) => {
        const hit = folderUnder(e)
        if (hit) dropOnFolder(e, hit.target)
      },
      onDragEnd: () => dragSession.end(),
      // A press on a row is no longer cancelled (that would cancel its drag), so a tile (tabIndex -1) takes focus
      // by default. Focus belongs on the grid, which points at the cursor row; it goes back when the press ends
      // (the release, or the drag's end), since moving it during the press would cancel the drag too.
      onFocus: (e: React.FocusEvent<HTMLElement>) => {
        const grid = e.currentTarget
        const tile = e.target
        if (tile === grid || !tile.matches('[data-code]')) return
        const back = () => {
          window.removeEventListener('mouseup', back, true)
          window.removeEventListener('dragend', back, true)
          if (document.activeElement === tile) grid.focus({ preventScroll: true })
        }
        window.addEventListener('mouseup', back, true)
        window.addEventListener('dragend', back, true)
      },
    }
  }, [])
}

/** The folder every selected file is in, when they share one (a folder's view, or picks from one folder). */
function folderOf(sel: Sel): number | null {
  if (sel.all) return sel.all.scope.kind === 'folder' ? sel.all.scope.fldId : null
  const folders = new Set([...sel.picked.values()].map((r) => r.fldId))
  return folders.size === 1 ? ([...folders][0] ?? null) : null
}

/**
 * A plain press on a file of a larger selection may start a drag of the whole selection, so it must not narrow
 * the selection yet: the release does, when no drag began in between (a click still selects only that file).
 * Returns whether it held the selection.
 */
export function holdSelectionForDrag(index: number, file: IndexFileRow): boolean {
  const sel = useSelection.getState()
  if (!isPicked(sel, file) || (!sel.all && sel.picked.size < 2)) return false
  const before = dragSession.startedCount()
  sel.setFocus(index)
  const release = () => {
    if (dragSession.startedCount() === before) useSelection.getState().selectOnly(index, file)
  }
  window.addEventListener('mouseup', release, { once: true, capture: true })
  return true
}
