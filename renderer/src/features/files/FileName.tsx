import type { IndexRow } from '../../../../shared/file-index.ts'
import { afterFirstPaint } from '../../lib/after-first-paint.ts'
import { TILE_NAME_BOX, tileName } from './tile-name.ts'

// The rename field brings the contract's name rule (zod): read after the window's first paint.
const InlineRename = afterFirstPaint(() => import('./InlineRename.tsx').then((m) => m.InlineRename))

/** `editing`: this row's name is the rename input now (the list asks the rename store once for all its rows). */
interface NameProps {
  row: IndexRow
  index: number
  editing: boolean
}

/** A list row's name: one line, or the rename input while the row is being renamed. */
export function RowName({ row, index, editing }: NameProps) {
  if (editing) return <InlineRename row={row} index={index} />
  return (
    <span title={row.name} translate="no">
      {row.name}
    </span>
  )
}

/**
 * A tile's name: whole on up to two lines, or shortened in the middle keeping the extension (tile-name.ts); the
 * full name is its title. The rename input while the tile is being renamed.
 */
export function TileName({ row, index, editing }: NameProps) {
  if (editing) return <InlineRename row={row} index={index} />
  return (
    <div className="tile-name" title={row.name} style={TILE_NAME_BOX} translate="no">
      {tileName(row.name)}
    </div>
  )
}
