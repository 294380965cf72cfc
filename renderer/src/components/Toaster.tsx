import { useEffect } from 'react'
import { type ToastTone, useToasts } from '../state/toast-store.ts'
import { useUndoShortcut } from '../state/use-undo-shortcut.ts'
import { Icon, type IconName } from './Icon.tsx'

/** Each kind its own icon, named for assistive technology too: a refusal or a failure never reads as done. */
const KINDS: Record<ToastTone, { icon: IconName; name: string }> = {
  success: { icon: 'check', name: 'Done' },
  info: { icon: 'info', name: 'Note' },
  refusal: { icon: 'ban', name: 'Not done' },
  error: { icon: 'alert', name: 'Error' },
}

/**
 * Live region: screen readers announce each toast as it appears. `docked` toasts take their own room in the
 * window's notice dock, so they never lie over a button; the floating stack is for screens without a dock
 * (first run), and stays empty while a dock is mounted.
 */
export function Toaster({ docked = false }: { docked?: boolean }) {
  const toasts = useToasts((s) => s.toasts)
  const dismiss = useToasts((s) => s.dismiss)
  const docks = useToasts((s) => s.docks)
  const mountDock = useToasts((s) => s.mountDock)
  useEffect(() => (docked ? mountDock() : undefined), [docked, mountDock])
  // Ctrl+Z is the keyboard's Undo button: it lives where the buttons do, once per window (the shell's dock).
  useUndoShortcut(docked)
  if (!docked && docks > 0) return null
  return (
    <section
      className={docked ? 'toasts toasts-docked' : 'toasts'}
      aria-live="polite"
      aria-label="Notifications"
    >
      {toasts.map((t) => (
        <div key={t.id} className="toast" data-tone={t.tone} role={t.tone === 'error' ? 'alert' : 'status'}>
          <span className="toast-kind" role="img" aria-label={KINDS[t.tone].name}>
            <Icon name={KINDS[t.tone].icon} />
          </span>
          <span className="toast-message">{t.message}</span>
          {t.action ? (
            <button
              type="button"
              className="btn toast-action"
              onClick={() => {
                dismiss(t.id)
                t.action?.run()
              }}
            >
              {t.action.label}
            </button>
          ) : null}
          <button type="button" className="icon-btn" aria-label="Dismiss" onClick={() => dismiss(t.id)}>
            <Icon name="x" size={14} />
          </button>
        </div>
      ))}
    </section>
  )
}
