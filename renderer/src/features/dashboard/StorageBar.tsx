import { FormattedMessage, useIntl } from 'react-intl'
import type { AccountInfo } from '../../../../shared/api/types.ts'
import { formatSize } from '../../lib/format.ts'
import { storageShare } from './dashboard-math.ts'
import { figures } from './dashboard-messages.ts'

/** Used of total storage, drawn only when the host says both how much is used and how much is left. */
export function StorageBar({ info }: { info: AccountInfo }) {
  const intl = useIntl()
  const share = storageShare(info)
  if (share === null) return null
  const percent = Math.round(share.fraction * 100)
  return (
    <div className="storage">
      <div className="storage-text">
        <span>
          <FormattedMessage id="dashboard.storage.title" defaultMessage="Storage" />
        </span>
        <span className="muted">
          <FormattedMessage
            id="dashboard.storage.usedOf"
            defaultMessage="{used} of {total} used"
            values={{ used: formatSize(share.used), total: formatSize(share.total) }}
          />
        </span>
      </div>
      <div
        className="progress storage-bar"
        role="progressbar"
        aria-label={intl.formatMessage(figures.storageUsed)}
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
