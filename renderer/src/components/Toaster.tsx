import { useEffect } from 'react'
import { defineMessages, type MessageDescriptor, useIntl } from 'react-intl'
import { type ToastTone, useToasts } from '../state/toast-store.ts'
import { useUndoShortcut } from '../state/use-undo-shortcut.ts'
import { common } from './common-messages.ts'
import { Icon, type IconName } from './Icon.tsx'

/** Each kind its own icon, named for assistive technology too: a refusal or a failure never reads as done. */
const names = defineMessages({
  success: { id: 'common.toast.done', defaultMessage: 'Done' },
  info: { id: 'common.toast.note', defaultMessage: 'Note' },
  refusal: { id: 'common.toast.notDone', defaultMessage: 'Not done' },
  error: { id: 'common.toast.error', defaultMessage: 'Error' },
})
const KINDS: Record<ToastTone, { icon: IconName; name: MessageDescriptor }> = {
  success: { icon: 'check', name: names.success },
  info: { icon: 'info', name: names.info },
  refusal: { icon: 'ban', name: names.refusal },
  error: { icon: 'alert', name: names.error },
}

/**
 * Live region: screen readers announce each toast as it appears. Each toast's words are formatted here, at
 * render, so a change of language re-words the toasts already shown. `docked` toasts take their own room in the
 * window's notice dock, so they never lie over a button; the floating stack is for screens without a dock
 * (first run), and stays empty while a dock is mounted.
 */
export function Toaster({ docked = false }: { docked?: boolean }) {
  const intl = useIntl()
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
      aria-label={intl.formatMessage({ id: 'common.toast.region', defaultMessage: 'Notifications' })}
    >
      {toasts.map((t) => (
        <div key={t.id} className="toast" data-tone={t.tone} role={t.tone === 'error' ? 'alert' : 'status'}>
          <span className="toast-kind" role="img" aria-label={intl.formatMessage(KINDS[t.tone].name)}>
            <Icon name={KINDS[t.tone].icon} />
          </span>
          <span className="toast-message">{t.message(intl)}</span>
          {t.action ? (
            <button
              type="button"
              className="btn toast-action"
              onClick={() => {
                dismiss(t.id)
                t.action?.run()
              }}
            >
              {t.action.label(intl)}
            </button>
          ) : null}
          <button
            type="button"
            className="icon-btn"
            aria-label={intl.formatMessage(common.dismiss)}
            onClick={() => dismiss(t.id)}
          >
            <Icon name="x" size={14} />
          </button>
        </div>
      ))}
    </section>
  )
}
