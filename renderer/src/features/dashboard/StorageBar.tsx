import type { AccountInfo } from '../../../../shared/api/types.ts'
import { ProgressBar } from '../../components/ProgressBar.tsx'
import { formatSize } from '../../lib/format.ts'
import { storageShare } from './dashboard-math.ts'

/** Used of total storage, drawn only when the host says both how much is used and how much is left. */
export function StorageBar({ info }: { info: AccountInfo }) {
  const share = storageShare(info)
  if (share === null) return null
  return (
    <div className="storage">
      <div className="storage-text">
        <span>Storage</span>
        <span className="muted">
          {formatSize(share.used)} of {formatSize(share.total)} used
        </span>
      </div>
      <ProgressBar
        label="Storage used"
        className="storage-bar"
        fraction={share.fraction}
        full={share.fraction >= 0.9}
      />
    </div>
  )
}
