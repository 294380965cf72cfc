import type { AccountInfo } from '../../../../shared/api/types.ts'
import { Icon } from '../../components/Icon.tsx'
import { formatHostDay } from '../../lib/dates.ts'
import { premiumDaysLeft, premiumEndsSoon } from './dashboard-math.ts'

/** A notice when an account's premium ends within 14 days (or has ended): uploads may be limited after it. */
export function PremiumWarning({ label, info, now }: { label: string; info: AccountInfo; now: Date }) {
  if (!premiumEndsSoon(info.premiumExpire, now)) return null
  const days = premiumDaysLeft(info.premiumExpire, now) ?? 0
  const when = formatHostDay(info.premiumExpire)
  const text =
    days < 0
      ? `Premium on “${label}” ended on ${when}.`
      : days === 0
        ? `Premium on “${label}” ends today (${when}).`
        : `Premium on “${label}” ends in ${days} day${days === 1 ? '' : 's'}, on ${when}.`
  return (
    <div className="banner banner-warning" role="status">
      <Icon name="alert" />
      <span>{text}</span>
    </div>
  )
}
