import { useEffect, useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { api } from '../../app/bridge.ts'
import { Icon } from '../../components/Icon.tsx'
import { toast } from '../../state/toast-store.ts'
import { useAccounts } from '../accounts/use-accounts.ts'
import { dragSession } from '../dnd/drag-session.ts'
import { folderOfEvent, useDropTargetCleanup } from '../dnd/folder-drop.ts'
import type { FolderTarget } from '../dnd/folder-target.ts'
import { intoFolder } from '../dnd/into-folder.ts'
import { decideFilesDrop } from '../dnd/own-drop.ts'
import { type Destination, destinationLabel } from './destination.ts'
import { readDrop } from './dropped-files.ts'
import { enqueuePaths, enqueueTree } from './enqueue.ts'
import { noPathMessage } from './no-path-drop.ts'
import { useDestination } from './use-destination.ts'

const sameFolder = (a: FolderTarget | null, b: FolderTarget | null) =>
  a === b || (a !== null && b !== null && a.accountId === b.accountId && a.fldId === b.fldId)

/**
 * Files and folders dragged from the OS onto any part of the window: an overlay says where they will go, and
 * the drop queues them (Electron: by path; browser host: sent to the host first). Onto a folder row or a tree
 * folder they go into that folder; anywhere else into the open one. Drags that carry no files (text, links, rows
 * of the file list) are left alone.
 */
export function DropZone() {
  const open = useDestination()
  const { data: accounts } = useAccounts()
  const [over, setOver] = useState(false)
  const [folder, setFolder] = useState<FolderTarget | null>(null)
  const intl = useIntl()
  const intlRef = useRef(intl)
  intlRef.current = intl
  const aim = (t: Destination | null, f: FolderTarget | null) => {
    if (!t || !f) return t
    return intoFolder(
      t,
      f,
      accounts?.accounts.find((a) => a.id === f.accountId)?.label ??
        intl.formatMessage({ id: 'upload.drop.thisAccount', defaultMessage: 'this account' }),
    )
  }
  const aimRef = useRef(aim)
  aimRef.current = aim
  const openRef = useRef<Destination | null>(open)
  openRef.current = open

  useEffect(() => {
    const hasFiles = (e: DragEvent) => e.dataTransfer?.types.includes('Files') === true
    const onOver = (e: DragEvent) => {
      if (!hasFiles(e)) return
      e.preventDefault()
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy'
      // Our own drag out of the window, back over it: nothing is uploaded, so nothing says so. The drop is still
      // taken anywhere, and judged by its files (own-drop.ts): a stale record must not refuse files from a folder.
      if (dragSession.outside()) {
        setOver(false)
        return
      }
      setOver(true)
      // Folder targets mark the events they take before they reach the window (bubbling order).
      const aimed = folderOfEvent(e)
      setFolder((prev) => (sameFolder(prev, aimed) ? prev : aimed))
    }
    // relatedTarget is null only when the pointer leaves the window (or the drag is cancelled).
    const onLeave = (e: DragEvent) => {
      if (e.relatedTarget === null) setOver(false)
    }
    const onDrop = (e: DragEvent) => {
      if (!hasFiles(e) || !e.dataTransfer) return
      e.preventDefault()
      setOver(false)
      const dropped = api.pathsForFiles?.(Array.from(e.dataTransfer.files)) ?? null
      const decided = decideFilesDrop(dropped, dragSession.recentOut(), folderOfEvent(e))
      if (decided.kind !== 'upload') {
        dragSession.end()
        if (decided.kind === 'move') decided.drag.moveTo(decided.into)
        return
      }
      const t = aimRef.current(openRef.current, folderOfEvent(e))
      if (!t) return
      if (dropped !== null) {
        const all = dropped
        // A file without a path (noPathMessage says which) is said at render, in the window's language then.
        if (all.includes('')) toast.error((intl) => noPathMessage(intl, all) ?? '')
        void enqueuePaths(
          all.filter((p) => p !== ''),
          t,
        )
      } else {
        void readDrop(e.dataTransfer).then((tree) => enqueueTree(tree, t, intlRef.current))
      }
    }
    window.addEventListener('dragenter', onOver)
    window.addEventListener('dragover', onOver)
    window.addEventListener('dragleave', onLeave)
    window.addEventListener('drop', onDrop)
    return () => {
      window.removeEventListener('dragenter', onOver)
      window.removeEventListener('dragover', onOver)
      window.removeEventListener('dragleave', onLeave)
      window.removeEventListener('drop', onDrop)
    }
  }, [])
  // After the listeners above, so that on a drop they still see the drag out it may end (own-drop.ts).
  useDropTargetCleanup()

  const target = aim(open, folder)
  if (!over || !target) return null
  // Over a folder the overlay steps aside (a note at the bottom) so the marked folder stays in sight.
  return (
    <div className="drop-overlay" data-folder={folder !== null} aria-live="polite">
      <div className="drop-card">
        <Icon name="upload" size={36} />
        <strong>
          <FormattedMessage
            id="upload.drop.title"
            defaultMessage="Drop to upload to {destination}"
            values={{ destination: <span translate="no">{destinationLabel(intl, target)}</span> }}
          />
        </strong>
        <span className="muted">
          <FormattedMessage
            id="upload.drop.folders"
            defaultMessage="Folders are uploaded with everything in them."
          />
        </span>
      </div>
    </div>
  )
}
