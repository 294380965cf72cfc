import * as ContextMenu from '@radix-ui/react-context-menu'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import type { IndexRow } from '../../../../shared/file-index.ts'
import { errorMessage } from '../../lib/call.ts'
import { useWidth } from '../../lib/use-width.ts'
import { isPicked, useSelection } from '../../state/selection-store.ts'
import { toast } from '../../state/toast-store.ts'
import type { ViewMode } from '../../state/ui-store.ts'
import { holdSelectionForDrag, useDragMove } from '../dnd/use-drag-move.ts'
import { folderRowPath } from '../folders/folder-row-path.ts'
import { useFolderCommands } from '../folders/use-folder-commands.ts'
import { usePreview } from '../preview/preview-store.ts'
import { QuickLook } from '../preview/QuickLook.tsx'
import { itemId } from './FileItem.tsx'
import { FileMenu } from './FileMenu.tsx'
import { handleFileKey } from './file-keys.ts'
import { useHeadersBeforeRows } from './header-tab-order.ts'
import { PaneRows, ROW_H, type RowsHandle, TILE_W } from './PaneRows.tsx'
import { SortHeader } from './SortHeader.tsx'
import type { FileCommands } from './use-file-commands.ts'
import type { IndexWindows } from './use-index-windows.ts'
import type { SelectionCount } from './use-selection-summary.ts'

const GAP = 12

interface FilePaneProps {
  view: IndexWindows
  total: number
  mode: ViewMode
  commands: FileCommands
  summary: SelectionCount | null
  /** Where a row lives, for views spanning folders; null: no location column. */
  locate: ((row: IndexRow) => string) | null
  goUp: () => boolean
  /** A new folder's name field, at the top of the list under the headers (Ctrl+N); null: none. */
  draft: React.ReactNode
}

/**
 * The virtualised file surface: an ARIA grid whose scrollbar spans the whole result (100,000 rows are 100,000 row
 * heights), while only the rows in view (plus overscan) are in the DOM and only their windows are fetched. Focus
 * stays on the grid; the cursor row is announced with aria-activedescendant, which keeps keyboard focus stable
 * while rows mount and unmount. Rows and cells are divs with the grid's roles, not a table: Chromium restyles a
 * moved table row and its cells at ~0.4 ms a row (a scrolled frame moves ten), a div row at a twentieth of that.
 * Being unfocusable by design, they carry no tabIndex; biome.json allows that for these files.
 */
export function FilePane(props: FilePaneProps) {
  const { view, total, mode, commands } = props
  const intl = useIntl()
  const folderCommands = useFolderCommands()
  // The scrolling element itself, as state: the rows' virtualiser and the width need it, so they follow its mount.
  const [scrollEl, setScrollEl] = useState<HTMLDivElement | null>(null)
  const rows = useRef<RowsHandle | null>(null)
  const gridRef = useRef<HTMLDivElement>(null)
  const width = useWidth(scrollEl)
  const columns = mode === 'grid' ? Math.max(1, Math.floor((width - 32 + GAP) / (TILE_W + GAP))) : 1

  const focusIndex = useSelection((s) => s.focusIndex)
  const pendingIndex = useSelection((s) => s.pendingIndex)
  const { rowAt } = view

  // The cursor jumped to a row before its window came (End): pick it once it is here.
  const pendingRow = pendingIndex >= 0 ? rowAt(pendingIndex) : undefined
  useEffect(() => {
    if (pendingRow === undefined) return
    if (pendingRow.kind === 'file') useSelection.getState().resolvePending(pendingIndex, pendingRow)
    else useSelection.getState().setFocus(pendingIndex)
  }, [pendingRow, pendingIndex])

  // A new query remounts the pane (a folder opened with Enter, a new sort): the old grid took focus with it, so
  // the new one takes it back, letting Backspace or the arrows carry on. Focus elsewhere (the search box) stays.
  useEffect(() => {
    if (document.activeElement === document.body) gridRef.current?.focus({ preventScroll: true })
  }, [])

  // Row callbacks stay the same across renders (memoised rows), so they read the latest windows through a ref.
  const latest = useRef({ view, commands })
  latest.current = { view, commands }

  const extendTo = useCallback((index: number, additive: boolean) => {
    const sel = useSelection.getState()
    const anchor = sel.anchorIndex >= 0 ? sel.anchorIndex : index
    sel.setFocus(index)
    latest.current.view.filesBetween(anchor, index).then(
      (rows) => {
        // A later click or key replaced this range meanwhile: it wins.
        if (useSelection.getState().focusIndex === index)
          useSelection.getState().pickRange(index, rows, additive)
      },
      (error: unknown) => toast.error(() => errorMessage(error)),
    )
  }, [])

  const onPointer = useCallback(
    (index: number, event: React.MouseEvent) => {
      const sel = useSelection.getState()
      const row = latest.current.view.rowAt(index)
      if (!row) return
      // Focus stays on the grid, never on a row: a focused row would take focus with it when it scrolls out of
      // view and unmounts.
      if (event.type === 'mousedown') {
        // Not for the primary button: a cancelled press starts no drag (the grid takes back a tile's focus).
        if (event.button !== 0) event.preventDefault()
        gridRef.current?.focus({ preventScroll: true })
      }
      const file = row.kind === 'file' ? row : null
      if (event.type === 'contextmenu' || event.button === 2) {
        if (!file || !isPicked(sel, file)) sel.selectOnly(index, file)
        return
      }
      if (event.button !== 0) return
      const mod = event.ctrlKey || event.metaKey
      if (event.shiftKey) extendTo(index, mod)
      else if (mod && file) sel.toggle(index, file)
      else if (!(file && event.type === 'mousedown' && holdSelectionForDrag(index, file)))
        sel.selectOnly(index, file)
    },
    [extendTo],
  )
  const onOpen = useCallback((index: number) => latest.current.commands.open(index), [])

  // Quick Look shows the cursor row's file; it closes with a new result (this pane remounts) or when the cursor
  // leaves files (a click on empty space).
  const previewing = usePreview((s) => s.open)
  const previewRow = previewing ? rowAt(focusIndex) : undefined
  const previewGone = previewing && (focusIndex < 0 || previewRow?.kind === 'folder')
  useEffect(() => () => usePreview.getState().close(), [])
  useEffect(() => {
    if (previewGone) usePreview.getState().close()
  }, [previewGone])
  const closePreview = useCallback(() => {
    usePreview.getState().close()
    // Back to the grid, whose cursor row (aria-activedescendant) is the file last shown.
    gridRef.current?.focus({ preventScroll: true })
  }, [])
  const previewStep = useCallback(
    (step: -1 | 1) => {
      const sel = useSelection.getState()
      for (let i = sel.focusIndex + step; i >= 0 && i < total; i += step) {
        const row = rowAt(i)
        // Not loaded yet: scrolled to, so its window comes, and the next press goes on from there.
        if (row === undefined) return rows.current?.scrollToIndex(i)
        if (row.kind === 'folder') continue
        sel.selectOnly(i, row)
        rows.current?.scrollToIndex(i)
        return
      }
    },
    [rowAt, total],
  )
  const drag = useDragMove(rowAt, props.summary)

  const headersFirst = useHeadersBeforeRows(gridRef)
  const onKeyDown = (event: React.KeyboardEvent<HTMLElement>) => {
    if (headersFirst.onGridTab(event)) return event.preventDefault()
    const handled = handleFileKey(event, {
      intl,
      rtl: document.documentElement.dir === 'rtl',
      total,
      rowAt,
      columns,
      pageItems: Math.max(1, Math.floor((scrollEl?.clientHeight ?? 400) / ROW_H)) * columns,
      scrollTo: (index) => rows.current?.scrollToIndex(index),
      extendTo,
      selectAll: commands.selectAll,
      copyLinks: commands.copyLinks,
      copyDirectLinks: commands.copyDirectLinks,
      download: commands.download,
      downloadFolder: (row) =>
        folderCommands.download({ accountId: row.accountId, path: folderRowPath(row) }),
      open: commands.open,
      preview: () => usePreview.getState().show(),
      rename: commands.rename,
      goUp: props.goUp,
    })
    if (handled) event.preventDefault()
  }

  // The header and the menu are the same elements across renders (a click re-renders the pane), so React skips them.
  const hasLocation = props.locate !== null
  const { draft } = props
  const header = useMemo(
    () =>
      mode === 'list' ? (
        <SortHeader location={hasLocation} draft={draft} />
      ) : draft ? (
        <div role="rowgroup" className="files-head">
          {draft}
        </div>
      ) : null,
    [mode, hasLocation, draft],
  )
  const menu = useMemo(
    () => <FileMenu commands={commands} summary={props.summary} rowAt={rowAt} />,
    [commands, props.summary, rowAt],
  )

  return (
    <>
      <ContextMenu.Root modal={false}>
        <ContextMenu.Trigger asChild>
          <div ref={setScrollEl} className={props.locate ? 'files-scroll with-location' : 'files-scroll'}>
            <div
              ref={gridRef}
              className={mode === 'list' ? 'files-grid' : 'files-grid files-tiles'}
              role="grid"
              aria-label={intl.formatMessage({ id: 'files.pane.label', defaultMessage: 'Files' })}
              aria-multiselectable="true"
              // A screen reader says how big the result is and where the cursor is in it, though only a screenful
              // of rows is in the DOM: the list counts its header row; the tiles are rows of `columns` cells.
              aria-rowcount={mode === 'list' ? total + 1 : Math.ceil(total / columns)}
              aria-colcount={mode === 'list' ? undefined : columns}
              aria-activedescendant={focusIndex >= 0 && focusIndex < total ? itemId(focusIndex) : undefined}
              tabIndex={0}
              onKeyDown={onKeyDown}
              {...drag}
              onFocus={(e) => {
                drag.onFocus(e)
                headersFirst.onFocus(e)
              }}
              onMouseDown={(e) => {
                // A click on empty space clears the selection, as in a desktop file manager.
                if (e.button === 0 && !(e.target as HTMLElement).closest('[data-code], .files-head'))
                  useSelection.getState().clear()
              }}
            >
              {header}
              {scrollEl ? (
                <PaneRows
                  scrollEl={scrollEl}
                  handle={rows}
                  mode={mode}
                  columns={columns}
                  total={total}
                  view={view}
                  topExtra={draft ? ROW_H : 0}
                  locate={props.locate}
                  onPointer={onPointer}
                  onOpen={onOpen}
                />
              ) : null}
            </div>
          </div>
        </ContextMenu.Trigger>
        {menu}
      </ContextMenu.Root>
      {previewRow?.kind === 'file' ? (
        <QuickLook file={previewRow} onMove={previewStep} onClose={closePreview} />
      ) : null}
    </>
  )
}
