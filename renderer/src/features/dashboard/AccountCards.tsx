import type { AccountInfo } from '../../../../shared/api/types.ts'
import { formatHostDay } from '../../lib/dates.ts'
import { formatSize } from '../../lib/format.ts'
import { formatMoney } from './money.ts'
import { storageUsed } from './storage-used.ts'
import type { CountedStorage } from './use-counted-storage.ts'

/** A card's label, its value, and a line under it saying where the value comes from when it is not the host. */
type Card = [label: string, value: string, note?: string]

export function AccountCards({ info, counted }: { info: AccountInfo; counted: CountedStorage | null }) {
  const cards: Card[] = [
    ['Email', info.email || '—'],
    ['Balance', formatMoney(info.balance)],
    ['Premium until', info.premiumExpire ? formatHostDay(info.premiumExpire) : 'Not premium'],
    ['Storage left', info.storageLeft === 'unlimited' ? 'Unlimited' : formatSize(info.storageLeft)],
    usedCard(info, counted),
  ]
  return (
    <dl className="cards" aria-label="Account">
      {cards.map(([label, value, note]) => (
        <div className={label === 'Email' ? 'card card-wide' : 'card'} key={label}>
          <dt className="card-label">{label}</dt>
          <dd
            className="card-value"
            style={{ margin: 0 }}
            title={note ? `${value}, ${note.toLowerCase()}` : value}
          >
            {value}
            {note ? <span className="card-note">{note}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  )
}

function usedCard(info: AccountInfo, counted: CountedStorage | null): Card {
  const { value, note } = storageUsed(info, counted)
  return note === null ? ['Storage used', value] : ['Storage used', value, note]
}
