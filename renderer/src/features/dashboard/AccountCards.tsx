import type { AccountInfo } from '../../../../shared/api/types.ts'
import { formatHostDay } from '../../lib/dates.ts'
import { formatSize } from '../../lib/format.ts'
import { formatMoney } from './money.ts'

export function AccountCards({ info }: { info: AccountInfo }) {
  const cards: [string, string][] = [
    ['Email', info.email || '—'],
    ['Balance', formatMoney(info.balance)],
    ['Premium until', info.premiumExpire ? formatHostDay(info.premiumExpire) : 'Not premium'],
    ['Storage left', info.storageLeft === 'unlimited' ? 'Unlimited' : formatSize(info.storageLeft)],
    ['Storage used', info.storageUsed === null ? '—' : formatSize(info.storageUsed)],
  ]
  return (
    <dl className="cards" aria-label="Account">
      {cards.map(([label, value]) => (
        <div className={label === 'Email' ? 'card card-wide' : 'card'} key={label}>
          <dt className="card-label">{label}</dt>
          <dd className="card-value" style={{ margin: 0 }} title={value}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  )
}
