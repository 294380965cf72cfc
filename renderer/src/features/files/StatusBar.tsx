import type { FileListItem } from '../../../../shared/api/types.ts'
import { formatCount, formatNumber, formatSize } from '../../lib/format.ts'
import { useSelection } from '../../state/selection-store.ts'

/** Counts and sizes: of the selection when there is one, else of the folder (loaded files' sizes). */
export function StatusBar({ files, total }: { files: FileListItem[]; total: number }) {
  const selected = useSelection((s) => s.selected)
  let selectedBytes = 0
  let loadedBytes = 0
  for (const f of files) {
    loadedBytes += f.size
    if (selected.has(f.fileCode)) selectedBytes += f.size
  }
  const partial = files.length < total
  return (
    <footer className="statusbar">
      <span data-testid="status-count">{formatCount(total, 'file')}</span>
      {partial ? <span>{formatNumber(files.length)} loaded</span> : null}
      <span className="spacer" />
      {selected.size > 0 ? (
        <span data-testid="status-selection" aria-live="polite">
          {formatNumber(selected.size)} selected · {formatSize(selectedBytes)}
        </span>
      ) : (
        <span>
          {formatSize(loadedBytes)}
          {partial ? ' loaded' : ' total'}
        </span>
      )}
    </footer>
  )
}
