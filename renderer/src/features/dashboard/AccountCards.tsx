import { useIntl } from 'react-intl'
import type { AccountInfo } from '../../../../shared/api/types.ts'
import { common } from '../../components/common-messages.ts'
import { formatHostDay, hostDateTime } from '../../lib/dates.ts'
import { formatSize } from '../../lib/format.ts'
import { figures } from './dashboard-messages.ts'
import { formatMoney } from './money.ts'
import { storageUsed } from './storage-used.ts'
import type { CountedStorage } from './use-counted-storage.ts'

/**
 * A card: its label, its value, and a line under it saying where the value comes from when it is not the host
 * (`title` then says both). `data` marks a value that is the user's own (the email), `dateTime` one that is a day.
 */
interface Card {
  key: string
  label: string
  value: string
  note?: string | null
  title?: string
  data?: boolean
  dateTime?: string | undefined
}

export function AccountCards({ info, counted }: { info: AccountInfo; counted: CountedStorage | null }) {
  const intl = useIntl()
  const used = storageUsed(info, counted, intl)
  const cards: Card[] = [
    {
      key: 'email',
      label: intl.formatMessage({ id: 'dashboard.cards.email', defaultMessage: 'Email' }),
      value: info.email || '—',
      data: true,
    },
    { key: 'balance', label: intl.formatMessage(figures.balance), value: formatMoney(info.balance) },
    {
      key: 'premium',
      label: intl.formatMessage({ id: 'dashboard.cards.premiumUntil', defaultMessage: 'Premium until' }),
      value: info.premiumExpire
        ? formatHostDay(info.premiumExpire)
        : intl.formatMessage({ id: 'dashboard.cards.notPremium', defaultMessage: 'Not premium' }),
      dateTime: hostDateTime(info.premiumExpire),
    },
    {
      key: 'left',
      label: intl.formatMessage(figures.storageLeft),
      value:
        info.storageLeft === 'unlimited'
          ? intl.formatMessage(common.unlimited)
          : formatSize(info.storageLeft),
    },
    { key: 'used', label: intl.formatMessage(figures.storageUsed), ...used },
  ]
  return (
    <dl
      className="cards"
      aria-label={intl.formatMessage({ id: 'dashboard.cards.label', defaultMessage: 'Account' })}
    >
      {cards.map((card) => (
        <div className={card.key === 'email' ? 'card card-wide' : 'card'} key={card.key}>
          <dt className="card-label">{card.label}</dt>
          <dd
            className="card-value"
            style={{ margin: 0 }}
            title={card.title ?? card.value}
            translate={card.data ? 'no' : undefined}
          >
            {card.dateTime ? <time dateTime={card.dateTime}>{card.value}</time> : card.value}
            {card.note ? <span className="card-note">{card.note}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  )
}
