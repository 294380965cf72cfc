import type { ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { errorMessage } from '../lib/call.ts'
import { common } from './common-messages.ts'
import { Icon, type IconName } from './Icon.tsx'

export function Spinner({ label }: { label?: string }) {
  const intl = useIntl()
  return <div className="spinner" role="status" aria-label={label ?? intl.formatMessage(common.loading)} />
}

export function CenteredSpinner({ label }: { label?: string }) {
  return (
    <div className="empty">
      <Spinner {...(label ? { label } : {})} />
    </div>
  )
}

interface EmptyProps {
  icon: IconName
  title: string
  children?: ReactNode
}

export function EmptyState({ icon, title, children }: EmptyProps) {
  return (
    <div className="empty">
      <Icon name={icon} size={36} />
      <div className="empty-title">{title}</div>
      {children}
    </div>
  )
}

/** A failed load: the error's message (written for people by main) and a retry. */
export function ErrorState({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const intl = useIntl()
  return (
    <EmptyState icon="alert" title={intl.formatMessage(common.couldNotLoad)}>
      <p role="alert">{errorMessage(error)}</p>
      <button type="button" className="btn" onClick={onRetry}>
        <Icon name="refresh" size={14} /> <FormattedMessage {...common.retry} />
      </button>
    </EmptyState>
  )
}
