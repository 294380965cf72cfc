import type { FileListItem } from '../../../../shared/api/types.ts'
import { useSelection } from '../../state/selection-store.ts'
import { toast } from '../../state/toast-store.ts'

export interface FileKeyContext {
  files: readonly FileListItem[]
  codes: readonly string[]
  /** Items per visual row: 1 in the list, the column count in the grid. */
  columns: number
  /** Items per page of scrolling (PageUp/PageDown). */
  pageItems: number
  scrollTo: (index: number) => void
  selectedFiles: () => FileListItem[]
  copyLinks: (files: FileListItem[]) => void
  copyDirectLinks: (files: FileListItem[]) => void
  open: (files: FileListItem[]) => void
  rename: (file: FileListItem) => void
}

const isMac = () => navigator.platform.toLowerCase().includes('mac')

/**
 * The file pane's keyboard, as a desktop file manager has it: arrows move (Shift extends, Ctrl/Cmd moves the
 * cursor only, Space toggles), Ctrl/Cmd+A selects all, Enter opens, F2 renames, Ctrl/Cmd+C copies page links
 * and Ctrl/Cmd+Shift+C direct links. Returns true when the key was handled.
 */
export function handleFileKey(event: React.KeyboardEvent, ctx: FileKeyContext): boolean {
  const sel = useSelection.getState()
  const mod = isMac() ? event.metaKey : event.ctrlKey
  const last = ctx.codes.length - 1
  const from = sel.focusIndex < 0 ? -1 : sel.focusIndex

  const moveTo = (target: number) => {
    const index = Math.max(0, Math.min(last, target))
    if (last < 0) return
    if (event.shiftKey) sel.extendTo(ctx.codes, index, mod)
    else if (mod) sel.setFocus(index)
    else sel.selectOnly(ctx.codes, index)
    ctx.scrollTo(index)
  }

  const key = event.key
  if (mod && key.toLowerCase() === 'c') {
    const files = ctx.selectedFiles()
    if (files.length === 0) toast.info('Select files to copy their links')
    else if (event.shiftKey) ctx.copyDirectLinks(files)
    else ctx.copyLinks(files)
    return true
  }
  if (mod && key.toLowerCase() === 'a') {
    sel.selectAll(ctx.codes)
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
      moveTo(from + 1)
      return true
    case 'ArrowLeft':
      if (ctx.columns === 1) return false
      moveTo(from - 1)
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
      if (from >= 0) sel.toggle(ctx.codes, from)
      return true
    case 'Escape':
      if (sel.selected.size === 0) return false
      sel.clear()
      return true
    case 'Enter': {
      const files = ctx.selectedFiles()
      if (files.length > 0) ctx.open(files)
      return true
    }
    case 'F2': {
      const files = ctx.selectedFiles()
      const focused = ctx.files[from]
      const target =
        files.length === 1 ? files[0] : focused && sel.selected.has(focused.fileCode) ? focused : null
      if (target) ctx.rename(target)
      return true
    }
    case 'Delete':
      // The API has no delete operation; say so rather than silently ignore the key.
      toast.info('This host’s API cannot delete files')
      return true
    default:
      return false
  }
}
