import * as ContextMenu from '@radix-ui/react-context-menu'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import type { IndexRow } from '../../../../shared/file-index.ts'
import { errorMessage } from '../../lib/call.ts'
import { useWidth } from '../../lib/use-width.ts'
import { isPicked, useSelection } from '../../state/selection-store.ts'
import { toast } from '../../state/toast-store.ts'
import type { ViewMode } from '../../state/ui-store.ts'
import { holdSelectionForDrag, useDragMove } from '../dnd/use-drag-move.ts'
import { FileRow, FileTile, itemId } from './FileItem.tsx'
import { FileMenu } from './FileMenu.tsx'
import { handleFileKey } from './file-keys.ts'
import { slotOrder, useSlotCount } from './row-slots.ts'
import { SortHeader } from './SortHeader.tsx'
import type { FileCommands } from './use-file-commands.ts'
import { useFollowRenamed } from './use-follow-renamed.ts'
import type { IndexWindows } from './use-index-windows.ts'
import type { SelectionCount } from './use-selection-summary.ts'

const ROW_H = 36
const HEADER_H = 32
const TILE_W = 148
const TILE_H = 140
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
}

/**
 * The virtualised file surface: a table with role=grid whose scrollbar spans the whole result (100,000 rows are
 * 100,000 row heights), while only the rows in view (plus overscan) are in the DOM and only their windows are
 * fetched. Focus stays on the pane; the cursor row is announced with aria-activedescendant, which keeps keyboard
 * focus stable while rows mount and unmount.
 */
export function FilePane(props: FilePaneProps) {
  const { view, total, mode, commands } = props
  const scrollRef = useRef<HTMLDivElement>(null)
  const tableRef = useRef<HTMLTableElement>(null)
  const width = useWidth(scrollRef)
  const columns = mode === 'grid' ? Math.max(1, Math.floor((width - 32 + GAP) / (TILE_W + GAP))) : 1
  const rowCount = Math.ceil(total / columns)

  const all = useSelection((s) => s.all)
  const picked = useSelection((s) => s.picked)
  const except = useSelection((s) => s.except)
  const focusIndex = useSelection((s) => s.focusIndex)
  const pendingIndex = useSelection((s) => s.pendingIndex)

  // In the list, rows start below the sticky column header: the virtualiser must know, both to pick the rows in
  // view and so scrollToIndex does not tuck the cursor row under the header.
  const scrollMargin = mode === 'list' ? HEADER_H : 0
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => (mode === 'grid' ? TILE_H : ROW_H),
    overscan: mode === 'grid' ? 3 : 12,
    scrollMargin,
    scrollPaddingStart: scrollMargin,
  })

  const items = virtualizer.getVirtualItems()
  const firstShown = (items[0]?.index ?? 0) * columns
  const lastShown = ((items.at(-1)?.index ?? 0) + 1) * columns - 1
  const slots = useSlotCount(items.length)
  // The list's rows in slot order (row-slots.ts): scrolling rewrites a few rows in place and moves no element.
  const listRows = mode === 'list' ? slotOrder(items[0]?.index ?? 0, rowCount, slots) : []
  const { show, rowAt } = view
  useEffect(() => show(firstShown, lastShown), [show, firstShown, lastShown])
  // A renamed row sorted elsewhere takes the cursor with it.
  useFollowRenamed(rowAt, firstShown, Math.min(lastShown, total - 1))

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
    if (document.activeElement === document.body) tableRef.current?.focus({ preventScroll: true })
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
      (error: unknown) => toast.info(errorMessage(error)),
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
        tableRef.current?.focus({ preventScroll: true })
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
  const drag = useDragMove(rowAt, props.summary)

  const onKeyDown = (event: React.KeyboardEvent) => {
    const handled = handleFileKey(event, {
      total,
      rowAt,
      columns,
      pageItems: Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / ROW_H)) * columns,
      scrollTo: (index) => virtualizer.scrollToIndex(Math.floor(index / columns), { align: 'auto' }),
      extendTo,
      selectAll: commands.selectAll,
      copyLinks: commands.copyLinks,
      copyDirectLinks: commands.copyDirectLinks,
      open: commands.open,
      rename: commands.rename,
      goUp: props.goUp,
    })
    if (handled) event.preventDefault()
  }

  // Each scrolled frame re-renders this pane for its rows: the header and the menu are the same elements then, so
  // React skips them.
  const hasLocation = props.locate !== null
  const header = useMemo(
    () => (mode === 'list' ? <SortHeader location={hasLocation} /> : null),
    [mode, hasLocation],
  )
  const menu = useMemo(
    () => <FileMenu commands={commands} summary={props.summary} rowAt={rowAt} />,
    [commands, props.summary, rowAt],
  )

  const selection = { all, picked, except }
  const itemProps = (index: number) => {
    const row = rowAt(index)
    const focused = index === focusIndex
    return {
      row,
      index,
      // A folder row has no selection of its own: it shows as selected while the cursor is on it.
      selected: row?.kind === 'file' ? isPicked(selection, row) : focused && picked.size === 0 && !all,
      focused,
      location: row && props.locate ? props.locate(row) : null,
      onPointer,
      onOpen,
    }
  }

  return (
    <ContextMenu.Root modal={false}>
      <ContextMenu.Trigger asChild>
        <div ref={scrollRef} className={props.locate ? 'files-scroll with-location' : 'files-scroll'}>
          <table
            ref={tableRef}
            className={mode === 'list' ? 'files-table' : 'files-table files-tiles'}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: ARIA in HTML allows role=grid on a table; this is an interactive multi-select data grid
            role="grid"
            aria-label="Files"
            aria-multiselectable="true"
            aria-rowcount={mode === 'list' ? total + 1 : -1}
            aria-activedescendant={focusIndex >= 0 && focusIndex < total ? itemId(focusIndex) : undefined}
            tabIndex={0}
            onKeyDown={onKeyDown}
            {...drag}
            onMouseDown={(e) => {
              // A click on empty space clears the selection, as in a desktop file manager.
              if (e.button === 0 && !(e.target as HTMLElement).closest('[data-code], thead'))
                useSelection.getState().clear()
            }}
          >
            {header}
            <tbody
              style={{ height: virtualizer.getTotalSize() }}
              // The DOM holds the rows in slot order; assistive technology reads them top to bottom.
              aria-owns={mode === 'list' ? visualOrder(listRows) : undefined}
            >
              {mode === 'list'
                ? listRows.map((index) => (
                    <FileRow key={index % slots} start={index * ROW_H} {...itemProps(index)} />
                  ))
                : items.map((vrow) => (
                    <tr
                      key={vrow.key}
                      className="tile-row"
                      style={{
                        transform: `translateY(${vrow.start}px)`,
                        gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                      }}
                    >
                      {tileIndexes(vrow.index, columns, total).map((i) => (
                        <FileTile key={i} {...itemProps(i)} />
                      ))}
                    </tr>
                  ))}
            </tbody>
          </table>
        </div>
      </ContextMenu.Trigger>
      {menu}
    </ContextMenu.Root>
  )
}

/** The rows' ids top to bottom. */
function visualOrder(rows: readonly number[]): string {
  return [...rows]
    .sort((a, b) => a - b)
    .map(itemId)
    .join(' ')
}

function tileIndexes(row: number, columns: number, total: number): number[] {
  const out: number[] = []
  for (let i = row * columns; i < Math.min(total, row * columns + columns); i++) out.push(i)
  return out
}
