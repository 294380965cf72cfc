import type { AccountInfo } from '../../../../shared/api/types.ts'
import { formatSize, formatTimestamp } from '../../lib/format.ts'
import { formatMoney } from './money.ts'

export function AccountCards({ info }: { info: AccountInfo }) {
  const cards: [string, string][] = [
    ['Email', info.email || '—'],
    ['Balance', formatMoney(info.balance)],
    ['Premium until', info.premiumExpire ? formatTimestamp(info.premiumExpire).slice(0, 10) : 'Not premium'],
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
