import type { ReactNode } from 'react'
import { Icon, type IconName } from './Icon.tsx'

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <div className="spinner" role="status" aria-label={label} />
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
  return (
    <EmptyState icon="alert" title="Could not load">
      <p role="alert">{error.message}</p>
      <button type="button" className="btn" onClick={onRetry}>
        <Icon name="refresh" size={14} /> Retry
      </button>
    </EmptyState>
  )
}
