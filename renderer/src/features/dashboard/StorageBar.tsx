import type { AccountInfo } from '../../../../shared/api/types.ts'
import { formatSize } from '../../lib/format.ts'
import { storageShare } from './dashboard-math.ts'

/** Used of total storage, drawn only when the host says both how much is used and how much is left. */
export function StorageBar({ info }: { info: AccountInfo }) {
  const share = storageShare(info)
  if (share === null) return null
  const percent = Math.round(share.fraction * 100)
  return (
    <div className="storage">
      <div className="storage-text">
        <span>Storage</span>
        <span className="muted">
          {formatSize(share.used)} of {formatSize(share.total)} used
        </span>
      </div>
      <div
        className="progress storage-bar"
        role="progressbar"
        aria-label="Storage used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-full={share.fraction >= 0.9}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}
