import type { IntlShape } from 'react-intl'
import type { IndexFolderRow, IndexRow } from '../../../../shared/file-index.ts'
import { commandKey } from '../../lib/command-key.ts'
import { openContextMenuAtCursor } from '../../lib/open-context-menu.ts'
import { isEmpty, useSelection } from '../../state/selection-store.ts'
import { toast } from '../../state/toast-store.ts'

export interface FileKeyContext {
  /** The window's language, for what a refused key says. */
  intl: IntlShape
  /** The tiles are laid out right to left (Arabic): the next tile is to the left. */
  rtl: boolean
  total: number
  rowAt: (index: number) => IndexRow | undefined
  /** Items per visual row: 1 in the list, the column count in the grid. */
  columns: number
  /** Items per page of scrolling (PageUp/PageDown). */
  pageItems: number
  scrollTo: (index: number) => void
  /** Shift+arrows: pick the files from the anchor to index. */
  extendTo: (index: number, additive: boolean) => void
  selectAll: () => void
  copyLinks: () => void
  copyDirectLinks: () => void
  /** Ctrl/Cmd+Shift+S: Download… of the selection. */
  download: () => void
  /** Ctrl/Cmd+Shift+S with nothing picked on a folder row: Download… of that folder, as its menu has it. */
  downloadFolder: (row: IndexFolderRow) => void
  /** Space: Quick Look of the file under the cursor. */
  preview: (index: number) => void
  /** Enter: open the folder under the cursor, or the selected files' pages. */
  open: (index: number) => void
  rename: () => void
  /** Backspace / Alt+Up: the parent folder; false where there is none. */
  goUp: () => boolean
}

/**
 * The file pane's keyboard, as a desktop file manager has it: arrows move (Shift extends, Ctrl/Cmd moves the
 * cursor only, Ctrl/Cmd+Space ticks or unticks, as in Explorer), Space opens Quick Look (Finder), Home/End jump to the first/last row of the whole result, Ctrl/Cmd+A selects the
 * whole result, Enter opens, Backspace or Alt+Up goes to the parent folder, F2 renames, Ctrl/Cmd+C copies page
 * links and Ctrl/Cmd+Shift+C direct links, Ctrl/Cmd+Shift+S opens Download…, the context-menu key or Shift+F10
 * opens the menu at the cursor row. Returns true when the key was handled.
 *
 * Why Ctrl/Cmd+Shift+S for Download…: it is Save As… in desktop apps and browsers alike, the key that asks where to
 * put a copy on this disk, which is what the Download dialog asks. Ctrl/Cmd+D was the other candidate, but it is
 * Duplicate in Finder (Clone here) and Bookmark in the browser the browser host runs in; Ctrl/Cmd+S alone means
 * saving a document in place, which a file list has not.
 */
/** Download…'s key after Ctrl/Cmd (the one handleFileKey answers to), as menus and hints name it (commandLabel). */
export const DOWNLOAD_KEY = 'Shift+S'

export function handleFileKey(event: React.KeyboardEvent, ctx: FileKeyContext): boolean {
  const sel = useSelection.getState()
  const mod = commandKey(event)
  const last = ctx.total - 1
  const from = sel.focusIndex < 0 ? -1 : sel.focusIndex

  const moveTo = (target: number) => {
    if (last < 0) return
    const index = Math.max(0, Math.min(last, target))
    if (event.shiftKey) ctx.extendTo(index, mod)
    else if (mod) sel.setFocus(index)
    else {
      const row = ctx.rowAt(index)
      sel.selectOnly(index, row === undefined ? undefined : row.kind === 'file' ? row : null)
    }
    ctx.scrollTo(index)
  }

  const key = event.key
  if (mod && key.toLowerCase() === 'c') {
    if (isEmpty(sel))
      toast.refuse((intl) =>
        intl.formatMessage({
          id: 'files.keys.selectToCopy',
          defaultMessage: 'Select files to copy their links',
        }),
      )
    else if (event.shiftKey) ctx.copyDirectLinks()
    else ctx.copyLinks()
    return true
  }
  if (mod && event.shiftKey && key.toLowerCase() === 's') {
    // The key is the menu's entry: on a folder row with nothing picked the menu is the folder's (FileMenu).
    const row = isEmpty(sel) && from >= 0 ? ctx.rowAt(from) : undefined
    if (row?.kind === 'folder') ctx.downloadFolder(row)
    else if (isEmpty(sel))
      toast.refuse((intl) =>
        intl.formatMessage({
          id: 'files.keys.selectToDownload',
          defaultMessage: 'Select files to download them',
        }),
      )
    else ctx.download()
    return true
  }
  if (key === ' ' && (mod || event.ctrlKey)) {
    const row = ctx.rowAt(from)
    if (row?.kind === 'file') sel.toggle(from, row)
    return true
  }
  if (mod && key.toLowerCase() === 'a') {
    ctx.selectAll()
    return true
  }
  if (event.altKey && key === 'ArrowUp') return ctx.goUp()
  if (key === 'ContextMenu' || (event.shiftKey && key === 'F10')) {
    // The cursor row may be scrolled out of the rendered rows: bring it in, then open the menu there.
    if (from >= 0) ctx.scrollTo(from)
    openContextMenuAtCursor(event.currentTarget as HTMLElement)
    return true
  }
  switch (key) {
    case 'ArrowDown':
      moveTo(from < 0 ? 0 : from + ctx.columns)
      return true
    case 'ArrowUp':
      moveTo(from < 0 ? 0 : from - ctx.columns)
      return true
    case 'ArrowRight':
      if (ctx.columns === 1) return false
      // The next tile is the one the arrow points at: to the left when the tiles run right to left.
      moveTo(from + (ctx.rtl ? -1 : 1))
      return true
    case 'ArrowLeft':
      if (ctx.columns === 1) return false
      moveTo(from + (ctx.rtl ? 1 : -1))
      return true
    case 'Home':
      moveTo(0)
      return true
    case 'End':
      moveTo(last)
      return true
    case 'PageDown':
      moveTo(from + ctx.pageItems)
      return true
    case 'PageUp':
      moveTo(from - ctx.pageItems)
      return true
    case ' ':
      // A folder has nothing to preview; the key is still the pane's (it would scroll the page otherwise).
      if (ctx.rowAt(from)?.kind === 'file') ctx.preview(from)
      return true
    case 'Escape':
      if (isEmpty(sel)) return false
      sel.clear()
      return true
    case 'Enter':
      ctx.open(from)
      return true
    case 'Backspace':
      return ctx.goUp()
    case 'F2':
      ctx.rename()
      return true
    case 'Delete':
      // The API has no delete operation; say so rather than silently ignore the key.
      toast.refuse((intl) =>
        intl.formatMessage({
          id: 'files.keys.noDelete',
          defaultMessage: 'This host’s API cannot delete files',
        }),
      )
      return true
    default:
      return false
  }
}
