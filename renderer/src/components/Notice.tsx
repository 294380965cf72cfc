import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { common } from './common-messages.ts'
import { Icon } from './Icon.tsx'

interface NoticeProps {
  title: string
  tone?: 'warning' | 'info'
  onDismiss: () => void
  children: ReactNode
}

/**
 * A note the user reads when it suits them and dismisses: it takes its room in the notice dock instead of
 * blocking the window. Dialogs are kept for decisions; a report of what happened is a notice.
 */
export function Notice({ title, tone = 'warning', onDismiss, children }: NoticeProps) {
  const intl = useIntl()
  return (
    <section className="notice" data-tone={tone} aria-label={title}>
      <header className="notice-header">
        <Icon name={tone === 'warning' ? 'alert' : 'info'} />
        <strong>{title}</strong>
        <button
          type="button"
          className="icon-btn"
          aria-label={intl.formatMessage(common.dismiss)}
          onClick={onDismiss}
        >
          <Icon name="x" size={14} />
        </button>
      </header>
      <div className="notice-body">{children}</div>
    </section>
  )
}
