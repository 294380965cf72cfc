import { FormattedMessage, useIntl } from 'react-intl'
import type { AccountInfo } from '../../../../shared/api/types.ts'
import { ProgressBar } from '../../components/ProgressBar.tsx'
import { formatSize } from '../../lib/format.ts'
import { storageShare } from './dashboard-math.ts'
import { figures } from './dashboard-messages.ts'
import type { CountedStorage } from './use-counted-storage.ts'

/** Used of total storage (storageShare says when it can be drawn), saying so when Filedock counted the used part. */
export function StorageBar({ info, counted }: { info: AccountInfo; counted: CountedStorage | null }) {
  const intl = useIntl()
  const share = storageShare(info, counted)
  if (share === null) return null
  return (
    <div className="storage">
      <div className="storage-text">
        <span>
          <FormattedMessage id="dashboard.storage.title" defaultMessage="Storage" />
        </span>
        <span className="muted">
          {share.counted ? (
            <FormattedMessage
              id="dashboard.storage.usedOfCounted"
              defaultMessage="{used} of {total} used, counted by Filedock"
              values={{ used: formatSize(share.used), total: formatSize(share.total) }}
            />
          ) : (
            <FormattedMessage
              id="dashboard.storage.usedOf"
              defaultMessage="{used} of {total} used"
              values={{ used: formatSize(share.used), total: formatSize(share.total) }}
            />
          )}
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
