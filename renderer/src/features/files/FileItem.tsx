import { memo } from 'react'
import type { FileListItem } from '../../../../shared/api/types.ts'
import { fileKind } from '../../lib/file-kind.ts'
import { formatNumber, formatSize, formatTimestamp } from '../../lib/format.ts'

export function FileIcon({ name }: { name: string }) {
  const kind = fileKind(name)
  return (
    <span className="file-icon" style={{ background: kind.color }} aria-hidden="true">
      {kind.label}
    </span>
  )
}

export interface ItemProps {
  file: FileListItem
  index: number
  selected: boolean
  focused: boolean
  onPointer: (index: number, event: React.MouseEvent) => void
  onOpen: (index: number) => void
}

export const itemId = (index: number) => `file-${index}`

/**
 * One row of the list view. Memoised: scrolling mounts only the rows coming into view. Rows never take focus
 * (they unmount while scrolling); the grid keeps it and points at the cursor row with aria-activedescendant.
 */
export const FileRow = memo(function FileRow(props: ItemProps & { start: number }) {
  const { file, index, selected, focused, start, onPointer, onOpen } = props
  return (
    <tr
      id={itemId(index)}
      className="file-row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-focused={focused}
      data-code={file.fileCode}
      style={{ transform: `translateY(${start}px)` }}
      onMouseDown={(e) => onPointer(index, e)}
      onContextMenu={(e) => onPointer(index, e)}
      onDoubleClick={() => onOpen(index)}
    >
      <td className="file-name">
        <FileIcon name={file.name} />
        <span title={file.name}>{file.name}</span>
      </td>
      <td className="num cell-muted">{formatSize(file.size)}</td>
      <td className="cell-muted cell-date">{formatTimestamp(file.uploaded)}</td>
      <td className="num cell-muted">{formatNumber(file.downloads)}</td>
    </tr>
  )
})

/** One tile of the grid view (a cell of a row of tiles). */
export const FileTile = memo(function FileTile({
  file,
  index,
  selected,
  focused,
  onPointer,
  onOpen,
}: ItemProps) {
  return (
    <td
      id={itemId(index)}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a td in a role=grid table is a gridcell; the explicit role lets a tile carry aria-selected
      role="gridcell"
      className="tile"
      aria-selected={selected}
      data-focused={focused}
      data-code={file.fileCode}
      tabIndex={-1}
      onMouseDown={(e) => onPointer(index, e)}
      onContextMenu={(e) => onPointer(index, e)}
      onDoubleClick={() => onOpen(index)}
    >
      <FileIcon name={file.name} />
      <div className="tile-name" title={file.name}>
        {file.name}
      </div>
      <div className="tile-meta">{formatSize(file.size)}</div>
    </td>
  )
})
