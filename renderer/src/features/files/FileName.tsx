import type { IndexRow } from '../../../../shared/file-index.ts'
import { InlineRename } from './InlineRename.tsx'
import { rowKey, useRename } from './rename-store.ts'
import { TILE_NAME_BOX, tileName } from './tile-name.ts'

/** Whether this row's name is the rename input now; only that row re-renders when an edit starts or ends. */
const useEditing = (row: IndexRow) => useRename((s) => s.editing !== null && s.editing.key === rowKey(row))

/** A list row's name: one line, or the rename input while the row is being renamed. */
export function RowName({ row, index }: { row: IndexRow; index: number }) {
  if (useEditing(row)) return <InlineRename row={row} index={index} />
  return <span title={row.name}>{row.name}</span>
}

/**
 * A tile's name: whole on up to two lines, or shortened in the middle keeping the extension (tile-name.ts); the
 * full name is its title. The rename input while the tile is being renamed.
 */
export function TileName({ row, index }: { row: IndexRow; index: number }) {
  if (useEditing(row)) return <InlineRename row={row} index={index} />
  return (
    <div className="tile-name" title={row.name} style={TILE_NAME_BOX}>
      {tileName(row.name)}
    </div>
  )
}
