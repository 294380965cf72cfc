import { memo } from 'react'
import { FormattedMessage } from 'react-intl'
import type { IndexFileRow, IndexFolderRow, IndexRow } from '../../../../shared/file-index.ts'
import { Icon } from '../../components/Icon.tsx'
import { useFormatsFollowLanguage } from '../../i18n/format-locale.ts'
import { formatNumber, formatSize } from '../../lib/format.ts'
import { FileIcon } from './FileIcon.tsx'
import { RowName, TileName } from './FileName.tsx'
import { HostTime } from './HostTime.tsx'
import { TileImage } from './TileImage.tsx'

export interface ItemProps {
  /** undefined: its window is still on its way (a placeholder is drawn). */
  row: IndexRow | undefined
  index: number
  selected: boolean
  focused: boolean
  /** Its name is the rename field now. */
  editing: boolean
  /** Where the file lives ("Work › Photos/2024"), for views spanning folders; null hides the column. */
  location: string | null
  onPointer: (index: number, event: React.MouseEvent) => void
  onOpen: (index: number) => void
}

export const itemId = (index: number) => `file-${index}`

/** A row's identity for the DOM (tests and the bench find rows by it). */
const codeOf = (row: IndexRow) => (row.kind === 'file' ? row.fileCode : `folder-${row.fldId}`)

/**
 * memo's own comparison lists both props objects' keys: two arrays a row a scrolled frame, garbage the collector
 * then has to run for mid-scroll. Every prop of ItemProps is compared here.
 */
const sameItem = (a: ItemProps, b: ItemProps) =>
  a.row === b.row &&
  a.index === b.index &&
  a.selected === b.selected &&
  a.focused === b.focused &&
  a.editing === b.editing &&
  a.location === b.location &&
  a.onPointer === b.onPointer &&
  a.onOpen === b.onOpen

/**
 * One row of the list view. Memoised: scrolling mounts only the rows coming into view. Rows never take focus
 * (they unmount while scrolling); the grid keeps it and points at the cursor row with aria-activedescendant.
 */
export const FileRow = memo(
  function FileRow(props: ItemProps & { start: number }) {
    const { row, index, selected, focused, editing, start, location, onPointer, onOpen } = props
    const common = {
      id: itemId(index),
      'aria-rowindex': index + 2,
      'data-focused': focused,
      style: { transform: `translateY(${start}px)` },
    }
    if (!row)
      return (
        <div {...common} role="row" className="file-row file-row-pending" aria-busy="true">
          <div role="gridcell" className="file-name">
            <span className="placeholder-bar" />
          </div>
        </div>
      )
    return (
      <div
        {...common}
        role="row"
        className={row.kind === 'folder' ? 'file-row folder-row' : 'file-row'}
        aria-selected={selected}
        data-code={codeOf(row)}
        // Drags are handled by the grid (use-drag-move.ts); a folder row's drag only says folders cannot move.
        draggable
        onMouseDown={(e) => onPointer(index, e)}
        onContextMenu={(e) => onPointer(index, e)}
        onDoubleClick={() => onOpen(index)}
      >
        {row.kind === 'folder' ? (
          <FolderCells folder={row} index={index} location={location} editing={editing} />
        ) : null}
        {row.kind === 'file' ? (
          <FileCells file={row} index={index} location={location} editing={editing} />
        ) : null}
      </div>
    )
  },
  (a, b) => a.start === b.start && sameItem(a, b),
)

interface CellsProps {
  index: number
  location: string | null
  editing: boolean
}

function FolderCells({ folder, index, location, editing }: CellsProps & { folder: IndexFolderRow }) {
  return (
    <>
      <div role="gridcell" className="file-name">
        <Icon name="folder" className="icon-folder" />
        <RowName row={folder} index={index} editing={editing} />
      </div>
      {location === null ? null : (
        <div role="gridcell" className="cell-muted cell-location" translate="no">
          {location}
        </div>
      )}
      <div role="gridcell" className="num cell-muted">
        <FolderWord />
      </div>
      <div role="gridcell" className="cell-muted cell-date" />
      <div role="gridcell" className="num cell-muted" />
    </>
  )
}

function FileCells({ file, index, location, editing }: CellsProps & { file: IndexFileRow }) {
  useFormatsFollowLanguage()
  return (
    <>
      <div role="gridcell" className="file-name">
        <FileIcon name={file.name} />
        <RowName row={file} index={index} editing={editing} />
      </div>
      {location === null ? null : (
        <div role="gridcell" className="cell-muted cell-location" title={location} translate="no">
          {location}
        </div>
      )}
      <div role="gridcell" className="num cell-muted">
        {formatSize(file.size)}
      </div>
      <div role="gridcell" className="cell-muted cell-date">
        <HostTime value={file.uploaded} />
      </div>
      <div role="gridcell" className="num cell-muted">
        {formatNumber(file.downloads)}
      </div>
    </>
  )
}

/** One tile of the grid view (a cell of a row of tiles); `column` counts from 1, as aria-colindex does. */
export const FileTile = memo(function FileTile({
  row,
  index,
  column,
  selected,
  focused,
  editing,
  onPointer,
  onOpen,
}: ItemProps & { column: number }) {
  useFormatsFollowLanguage()
  if (!row)
    return (
      <div
        id={itemId(index)}
        role="gridcell"
        className="tile tile-pending"
        aria-colindex={column}
        aria-busy="true"
      >
        <span className="placeholder-bar" />
      </div>
    )
  return (
    <div
      id={itemId(index)}
      role="gridcell"
      className="tile"
      aria-colindex={column}
      aria-selected={selected}
      data-focused={focused}
      data-code={codeOf(row)}
      draggable
      tabIndex={-1}
      onMouseDown={(e) => onPointer(index, e)}
      onContextMenu={(e) => onPointer(index, e)}
      onDoubleClick={() => onOpen(index)}
    >
      {row.kind === 'folder' ? <Icon name="folder" size={40} className="icon-folder" /> : null}
      {row.kind === 'file' ? <TileImage file={row} /> : null}
      <TileName row={row} index={index} editing={editing} />
      <div className="tile-meta">{row.kind === 'file' ? formatSize(row.size) : <FolderWord />}</div>
    </div>
  )
}, sameItem)

/** What a folder row shows where a file shows its size. */
function FolderWord() {
  return <FormattedMessage id="files.row.folder" defaultMessage="Folder" />
}
