import { FormattedMessage } from 'react-intl'
import type { AccountInfo } from '../../../../shared/api/types.ts'
import { Icon } from '../../components/Icon.tsx'
import { formatHostDay, hostDateTime } from '../../lib/dates.ts'
import { premiumDaysLeft, premiumEndsSoon } from './dashboard-math.ts'

/** A notice when an account's premium ends within 14 days (or has ended): uploads may be limited after it. */
export function PremiumWarning({ label, info, now }: { label: string; info: AccountInfo; now: Date }) {
  if (!premiumEndsSoon(info.premiumExpire, now)) return null
  const days = premiumDaysLeft(info.premiumExpire, now) ?? 0
  const values = {
    account: <span translate="no">{label}</span>,
    when: <time dateTime={hostDateTime(info.premiumExpire)}>{formatHostDay(info.premiumExpire)}</time>,
    days,
  }
  return (
    <div className="banner banner-warning" role="status">
      <Icon name="alert" />
      <span>
        {days < 0 ? (
          <FormattedMessage
            id="dashboard.premium.ended"
            defaultMessage="Premium on “{account}” ended on {when}."
            values={values}
          />
        ) : days === 0 ? (
          <FormattedMessage
            id="dashboard.premium.endsToday"
            defaultMessage="Premium on “{account}” ends today ({when})."
            values={values}
          />
        ) : (
          <FormattedMessage
            id="dashboard.premium.endsIn"
            defaultMessage="Premium on “{account}” ends in {days, plural, one {# day} other {# days}}, on {when}."
            values={values}
          />
        )}
      </span>
    </div>
  )
}
