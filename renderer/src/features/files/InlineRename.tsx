import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import type { IndexRow } from '../../../../shared/file-index.ts'
import { entryName } from '../../../../shared/ipc/fields.ts'
import { MAX_NAME_LENGTH } from '../../../../shared/ipc/limits.ts'
import { splitExtension } from '../../lib/middle-ellipsis.ts'
import { useSelection } from '../../state/selection-store.ts'
import { toast } from '../../state/toast-store.ts'
import { useRenameFolder } from '../folders/use-rename-folder.ts'
import { rowKey, useRename } from './rename-store.ts'
import { useFileActions } from './use-file-actions.ts'

/** How an edit ends: a key the user pressed, or the input losing focus or leaving the page. */
type Ending = 'enter' | 'escape' | 'blur' | 'detach'

/** Counts mounts, so an unmount can tell a real end from React remounting the input at once (StrictMode, slots). */
let mounts = 0

/**
 * A file or folder row's name as an input, mounted only on the row being renamed (rename-store.ts). The stem is
 * selected, not the extension. Enter renames, Esc keeps the old name; leaving the field (a click elsewhere, the
 * row scrolled out of view) renames too, as desktop file managers do, so what was typed is never dropped
 * silently. The rename itself is optimistic: the new name shows at once and comes back with a message if the
 * host refuses it. Every key typed here stays here: the grid's keys (arrows, Backspace, Enter) never see it.
 */
export function InlineRename({ row, index }: { row: IndexRow; index: number }) {
  const key = rowKey(row)
  const intl = useIntl()
  const draft = useRename((s) => s.draft)
  const [problem, setProblem] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const ended = useRef(false)
  const fileActions = useFileActions()
  const renameFolder = useRenameFolder()

  const end = (how: Ending) => {
    if (ended.current) return
    const typed = useRename.getState().draft
    if (how !== 'escape' && typed.trim() !== row.name) {
      const parsed = entryName.safeParse(typed)
      if (!parsed.success) {
        const why =
          parsed.error.issues[0]?.message ??
          intl.formatMessage({ id: 'files.rename.invalid', defaultMessage: 'Name is not valid' })
        // At Enter the field stays, saying why; a field left behind cannot stay, so the message says what happened.
        if (how === 'enter') return setProblem(why)
        toast.error((intl) =>
          intl.formatMessage(
            { id: 'files.rename.kept', defaultMessage: '“{name}” keeps its name: {reason}' },
            { name: row.name, reason: why },
          ),
        )
      } else if (row.kind === 'file') {
        fileActions.rename.mutate({ file: row, name: parsed.data })
      } else {
        renameFolder.mutate({ accountId: row.accountId, fldId: row.fldId, name: parsed.data, from: row.name })
      }
    }
    ended.current = true
    if (how === 'enter' || how === 'escape') {
      // Back to the grid, the cursor on this row: the keyboard carries on where the edit began. A click elsewhere
      // (blur) has placed the cursor itself.
      input.current?.closest<HTMLElement>('[role="grid"]')?.focus({ preventScroll: true })
      const selection = useSelection.getState()
      const name = useRename.getState().draft.trim()
      const sent = how === 'enter' && name !== row.name && entryName.safeParse(name).success
      selection.selectOnly(index, row.kind === 'file' ? (sent ? { ...row, name } : row) : null)
      if (sent) useRename.getState().follow(key, index)
    }
    useRename.getState().stop(key)
  }
  const latestEnd = useRef(end)
  latestEnd.current = end

  // Focus and select the stem once per edit; a remount with text already typed puts the caret at its end.
  useLayoutEffect(() => {
    const el = input.current
    if (!el) return
    el.focus({ preventScroll: true })
    const typed = useRename.getState().draft
    if (typed !== row.name) el.setSelectionRange(typed.length, typed.length)
    else el.setSelectionRange(0, row.kind === 'file' ? splitExtension(typed)[0].length : typed.length)
  }, [row.name, row.kind])

  useEffect(() => {
    const mine = ++mounts
    return () => {
      // Unmounted for good (the row left the rendered rows, the pane went away) rather than remounted: the edit
      // ends as leaving the field would.
      queueMicrotask(() => {
        if (mounts === mine) latestEnd.current('detach')
      })
    }
  }, [])

  const onKeyDown = (event: React.KeyboardEvent) => {
    event.stopPropagation()
    if (event.key === 'Enter') {
      event.preventDefault()
      end('enter')
    } else if (event.key === 'Escape') {
      event.preventDefault()
      end('escape')
    }
  }
  // The row under the field selects, opens and drags on the mouse: inside the field the mouse edits text.
  const keepToField = (event: React.SyntheticEvent) => event.stopPropagation()

  return (
    <span className="inline-rename">
      <input
        ref={input}
        className="input inline-rename-input"
        aria-label={intl.formatMessage(
          { id: 'files.rename.label', defaultMessage: 'New name for {name}' },
          { name: row.name },
        )}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `rename-problem-${index}` : undefined}
        value={draft}
        maxLength={MAX_NAME_LENGTH}
        spellCheck={false}
        draggable={false}
        onChange={(e) => {
          setProblem(null)
          useRename.getState().setDraft(e.target.value)
        }}
        onKeyDown={onKeyDown}
        // The window losing focus (another app, a dialog of the OS) is not leaving the field: it comes back to it.
        onBlur={() => document.hasFocus() && end('blur')}
        onMouseDown={keepToField}
        onDoubleClick={keepToField}
        onContextMenu={keepToField}
        onDragStart={(e) => {
          e.preventDefault()
          e.stopPropagation()
        }}
      />
      {problem ? (
        <span id={`rename-problem-${index}`} className="inline-rename-problem" role="alert">
          {problem}
        </span>
      ) : null}
    </span>
  )
}
