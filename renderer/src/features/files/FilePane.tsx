import * as ContextMenu from '@radix-ui/react-context-menu'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import type { FileListItem } from '../../../../shared/api/types.ts'
import { useWidth } from '../../lib/use-width.ts'
import { useSelection } from '../../state/selection-store.ts'
import type { ViewMode } from '../../state/ui-store.ts'
import { FileRow, FileTile, itemId } from './FileItem.tsx'
import { FileMenu } from './FileMenu.tsx'
import { handleFileKey } from './file-keys.ts'
import type { FileActions } from './use-file-actions.ts'

const ROW_H = 36
const HEADER_H = 32
const TILE_W = 148
const TILE_H = 140
const GAP = 12
/** Start fetching the next page this many items before the end, so scrolling rarely waits. */
const PREFETCH_ITEMS = 200

interface FilePaneProps {
  files: FileListItem[]
  total: number
  mode: ViewMode
  hasMore: boolean
  loadingMore: boolean
  loadMore: () => void
  actions: FileActions
  onRename: (file: FileListItem) => void
  onMove: (files: FileListItem[]) => void
}

/**
 * The virtualised file surface: a table with role=grid. Only the rows in view (plus overscan) are in the DOM, so 5,000 or
 * 50,000 files scroll the same. Focus stays on the pane; the cursor row is announced with
 * aria-activedescendant, which keeps keyboard focus stable while rows mount and unmount.
 */
export function FilePane(props: FilePaneProps) {
  const { files, mode, actions } = props
  const scrollRef = useRef<HTMLDivElement>(null)
  const tableRef = useRef<HTMLTableElement>(null)
  const width = useWidth(scrollRef)
  const columns = mode === 'grid' ? Math.max(1, Math.floor((width - 32 + GAP) / (TILE_W + GAP))) : 1
  const rowCount = Math.ceil(files.length / columns)
  const codes = useMemo(() => files.map((f) => f.fileCode), [files])

  const selected = useSelection((s) => s.selected)
  const focusIndex = useSelection((s) => s.focusIndex)

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
  const lastVisible = (items.at(-1)?.index ?? 0) * columns
  const { hasMore, loadingMore, loadMore } = props
  useEffect(() => {
    if (hasMore && !loadingMore && lastVisible >= files.length - PREFETCH_ITEMS) loadMore()
  }, [hasMore, loadingMore, lastVisible, files.length, loadMore])

  const selectedFiles = useCallback(
    () => files.filter((f) => useSelection.getState().selected.has(f.fileCode)),
    [files],
  )

  const onPointer = useCallback(
    (index: number, event: React.MouseEvent) => {
      const sel = useSelection.getState()
      const code = codes[index]
      if (!code) return
      // Focus stays on the grid, never on a row: a focused row would take focus with it when it scrolls out of
      // view and unmounts.
      if (event.type === 'mousedown') {
        event.preventDefault()
        tableRef.current?.focus({ preventScroll: true })
      }
      if (event.type === 'contextmenu' || event.button === 2) {
        if (!sel.selected.has(code)) sel.selectOnly(codes, index)
        return
      }
      if (event.button !== 0) return
      const mod = event.ctrlKey || event.metaKey
      if (event.shiftKey) sel.extendTo(codes, index, mod)
      else if (mod) sel.toggle(codes, index)
      else sel.selectOnly(codes, index)
    },
    [codes],
  )
  const onOpen = useCallback(
    (index: number) => actions.openPages(files.slice(index, index + 1)),
    [actions, files],
  )

  const onKeyDown = (event: React.KeyboardEvent) => {
    const handled = handleFileKey(event, {
      files,
      codes,
      columns,
      pageItems: Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / ROW_H)) * columns,
      scrollTo: (index) => virtualizer.scrollToIndex(Math.floor(index / columns), { align: 'auto' }),
      selectedFiles,
      copyLinks: (f) => void actions.copyLinks(f),
      copyDirectLinks: (f) => void actions.copyDirectLinks(f),
      open: actions.openPages,
      rename: props.onRename,
    })
    if (handled) event.preventDefault()
  }

  const itemProps = (index: number) => {
    const file = files[index] as FileListItem
    return {
      file,
      index,
      selected: selected.has(file.fileCode),
      focused: index === focusIndex,
      onPointer,
      onOpen,
    }
  }

  return (
    <ContextMenu.Root modal={false}>
      <ContextMenu.Trigger asChild>
        <div ref={scrollRef} className="files-scroll">
          <table
            ref={tableRef}
            className={mode === 'list' ? 'files-table' : 'files-table files-tiles'}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: ARIA in HTML allows role=grid on a table; this is an interactive multi-select data grid
            role="grid"
            aria-label="Files"
            aria-multiselectable="true"
            aria-rowcount={mode === 'list' ? props.total + 1 : -1}
            aria-activedescendant={
              focusIndex >= 0 && focusIndex < files.length ? itemId(focusIndex) : undefined
            }
            tabIndex={0}
            onKeyDown={onKeyDown}
            onMouseDown={(e) => {
              // A click on empty space clears the selection, as in a desktop file manager.
              if (e.button === 0 && !(e.target as HTMLElement).closest('[data-code]'))
                useSelection.getState().clear()
            }}
          >
            {mode === 'list' ? (
              <thead>
                <tr className="files-header" aria-rowindex={1}>
                  <th scope="col">Name</th>
                  <th scope="col" className="num">
                    Size
                  </th>
                  <th scope="col" className="cell-date">
                    Uploaded
                  </th>
                  <th scope="col" className="num">
                    Downloads
                  </th>
                </tr>
              </thead>
            ) : null}
            <tbody style={{ height: virtualizer.getTotalSize() }}>
              {items.map((row) =>
                mode === 'list' ? (
                  <FileRow key={row.key} start={row.start - scrollMargin} {...itemProps(row.index)} />
                ) : (
                  <tr
                    key={row.key}
                    className="tile-row"
                    style={{
                      transform: `translateY(${row.start}px)`,
                      gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                    }}
                  >
                    {codes.slice(row.index * columns, row.index * columns + columns).map((code, i) => (
                      <FileTile key={code} {...itemProps(row.index * columns + i)} />
                    ))}
                  </tr>
                ),
              )}
            </tbody>
          </table>
          {props.loadingMore ? (
            <div className="files-more" role="status">
              <span className="spinner" aria-hidden="true" /> Loading more files…
            </div>
          ) : null}
        </div>
      </ContextMenu.Trigger>
      <FileMenu
        selectedFiles={selectedFiles}
        actions={actions}
        onRename={props.onRename}
        onMove={props.onMove}
      />
    </ContextMenu.Root>
  )
}
