import { FormattedMessage, useIntl } from 'react-intl'
import type { AccountInfo } from '../../../../shared/api/types.ts'
import { ProgressBar } from '../../components/ProgressBar.tsx'
import { formatSize } from '../../lib/format.ts'
import { storageShare } from './dashboard-math.ts'
import { figures } from './dashboard-messages.ts'

/** Used of total storage, drawn only when the host says both how much is used and how much is left. */
export function StorageBar({ info }: { info: AccountInfo }) {
  const intl = useIntl()
  const share = storageShare(info)
  if (share === null) return null
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
      <ProgressBar
        label={intl.formatMessage(figures.storageUsed)}
        className="storage-bar"
        fraction={share.fraction}
        full={share.fraction >= 0.9}
      />
    </div>
  )
}
