import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, type Ref, useEffect, useImperativeHandle } from 'react'
import type { IndexRow } from '../../../../shared/file-index.ts'
import { isPicked, useSelection } from '../../state/selection-store.ts'
import type { ViewMode } from '../../state/ui-store.ts'
import { useCursorOnTarget } from './cursor-target.ts'
import { FileRow, FileTile, type ItemProps, itemId } from './FileItem.tsx'
import { rowKey, useRename } from './rename-store.ts'
import { slotOrder, useSlotCount } from './row-slots.ts'
import { useFollowRenamed } from './use-follow-renamed.ts'
import type { IndexWindows } from './use-index-windows.ts'

export const ROW_H = 36
export const HEADER_H = 32
export const TILE_W = 148
const TILE_H = 140

/** What the pane around the rows asks of them: the keyboard's scrolling. */
export interface RowsHandle {
  scrollToIndex: (index: number) => void
}

interface PaneRowsProps {
  scrollEl: HTMLDivElement
  handle: Ref<RowsHandle>
  mode: ViewMode
  columns: number
  total: number
  view: IndexWindows
  /** Rows' worth of height over the first row besides the column header (a new folder's name field). */
  topExtra: number
  locate: ((row: IndexRow) => string) | null
  onPointer: ItemProps['onPointer']
  onOpen: ItemProps['onOpen']
}

/**
 * The rows in view and the virtualiser that picks them. It is the one part of the pane that renders on every
 * scrolled frame, so a frame costs the rows that changed and nothing else: the menu, the drag handlers, the file
 * actions and the header around it stay as they are (each render's garbage is what makes the collector run
 * mid-scroll, and a collection slows the browser's style work in the frames around it).
 */
export const PaneRows = memo(function PaneRows(props: PaneRowsProps) {
  const { scrollEl, handle, mode, columns, total, view, topExtra, locate, onPointer, onOpen } = props
  const rowCount = Math.ceil(total / columns)
  const all = useSelection((s) => s.all)
  const picked = useSelection((s) => s.picked)
  const except = useSelection((s) => s.except)
  const focusIndex = useSelection((s) => s.focusIndex)
  // One subscription for all rows: a row's own would run again for each row that changes in a scrolled frame.
  const editingKey = useRename((s) => s.editing?.key ?? null)

  // In the list, rows start below the sticky column header: the virtualiser must know, both to pick the rows in
  // view and so scrollToIndex does not tuck the cursor row under the header.
  const scrollMargin = (mode === 'list' ? HEADER_H : 0) + topExtra
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollEl,
    estimateSize: () => (mode === 'grid' ? TILE_H : ROW_H),
    overscan: mode === 'grid' ? 3 : 12,
    scrollMargin,
    scrollPaddingStart: scrollMargin,
  })
  useImperativeHandle(
    handle,
    () => ({
      scrollToIndex: (index) => virtualizer.scrollToIndex(Math.floor(index / columns), { align: 'auto' }),
    }),
    [virtualizer, columns],
  )

  const items = virtualizer.getVirtualItems()
  const firstRow = items[0]?.index ?? 0
  const firstShown = firstRow * columns
  const lastShown = ((items.at(-1)?.index ?? 0) + 1) * columns - 1
  const slots = useSlotCount(items.length)
  // The list's rows in slot order (row-slots.ts): scrolling rewrites a few rows in place and moves no element.
  const listRows = mode === 'list' ? slotOrder(firstRow, rowCount, slots) : []
  const { show, rowAt } = view
  useEffect(() => show(firstShown, lastShown), [show, firstShown, lastShown])
  // A renamed row sorted elsewhere takes the cursor with it.
  useFollowRenamed(rowAt, firstShown, Math.min(lastShown, total - 1))
  // The folder just left (Backspace) or just made (Ctrl+N) takes the cursor when it is drawn.
  useCursorOnTarget(rowAt, firstShown, Math.min(lastShown, total - 1))

  const selection = { all, picked, except }
  const selectedAt = (index: number, row: IndexRow | undefined) =>
    // A folder row has no selection of its own: it shows as selected while the cursor is on it.
    row?.kind === 'file' ? isPicked(selection, row) : index === focusIndex && picked.size === 0 && !all

  const editingAt = (row: IndexRow | undefined) =>
    editingKey !== null && row !== undefined && rowKey(row) === editingKey

  return (
    <div
      role="rowgroup"
      className="files-body"
      style={{ height: virtualizer.getTotalSize() }}
      // The DOM holds the rows in slot order; assistive technology reads them top to bottom.
      aria-owns={mode === 'list' ? rowIds(firstRow, listRows.length) : undefined}
    >
      {mode === 'list'
        ? listRows.map((index) => {
            const row = rowAt(index)
            return (
              <FileRow
                key={index % slots}
                start={index * ROW_H}
                row={row}
                index={index}
                selected={selectedAt(index, row)}
                focused={index === focusIndex}
                editing={editingAt(row)}
                location={row && locate ? locate(row) : null}
                onPointer={onPointer}
                onOpen={onOpen}
              />
            )
          })
        : items.map((vrow) => (
            <div
              key={vrow.key}
              role="row"
              className="tile-row"
              style={{
                transform: `translateY(${vrow.start}px)`,
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              }}
            >
              {tileIndexes(vrow.index, columns, total).map((i) => {
                const row = rowAt(i)
                return (
                  <FileTile
                    key={i}
                    row={row}
                    index={i}
                    selected={selectedAt(i, row)}
                    focused={i === focusIndex}
                    editing={editingAt(row)}
                    location={null}
                    onPointer={onPointer}
                    onOpen={onOpen}
                  />
                )
              })}
            </div>
          ))}
    </div>
  )
})

/** The ids of `count` rows from `first`, top to bottom (the rows drawn are always one run of the result). */
function rowIds(first: number, count: number): string {
  const ids: string[] = []
  for (let i = first; i < first + count; i++) ids.push(itemId(i))
  return ids.join(' ')
}

function tileIndexes(row: number, columns: number, total: number): number[] {
  const out: number[] = []
  for (let i = row * columns; i < Math.min(total, row * columns + columns); i++) out.push(i)
  return out
}
