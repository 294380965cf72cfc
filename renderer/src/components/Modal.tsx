import * as Dialog from '@radix-ui/react-dialog'
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react'
import { useIntl } from 'react-intl'
import { type FocusReturn, rememberFocus } from '../lib/focus-return.ts'
import { useToasts } from '../state/toast-store.ts'
import { common } from './common-messages.ts'
import { Icon } from './Icon.tsx'

const TAB_STOP = 'input, select, textarea, button, [tabindex="0"]'

interface ModalProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: string | undefined
  wide?: boolean
  children: ReactNode
  footer?: ReactNode
}

/**
 * A Radix dialog with the app's frame: focus trap, Escape, labelled title and description. Closing it (a button,
 * Escape, the overlay) gives focus back to where it was before the dialog opened (focus-return.ts), so the file
 * grid's cursor row, or the button that opened it, has the keyboard again.
 */
export function Modal({ open, onOpenChange, title, description, wide, children, footer }: ModalProps) {
  const intl = useIntl()
  const back = useRef<FocusReturn | null>(null)
  const content = useRef<HTMLDivElement | null>(null)
  // A layout effect runs before Radix moves focus into the dialog (in a passive effect): focus is still outside.
  useLayoutEffect(() => {
    if (open) back.current = rememberFocus()
  }, [open])
  // The dialog lies over the toasts: their time stands still until it closes (toast-store.ts cover).
  useEffect(() => (open ? useToasts.getState().cover() : undefined), [open])
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          ref={content}
          className={wide ? 'dialog dialog-wide' : 'dialog'}
          onEscapeKeyDown={(e) => {
            // Escape closes the dialog that has the keyboard. Radix lets only its top layer listen, but a dialog
            // opened from this one becomes the top a render later than it takes focus: on a busy machine an
            // Escape in between reached this one, which closed itself and the dialog above it (a stressed CI run).
            const owner = e.target instanceof Element ? e.target.closest('[role="dialog"]') : null
            if (owner !== null && owner !== content.current) e.preventDefault()
          }}
          onOpenAutoFocus={(e) => {
            // Start in the field the dialog is for (marked data-autofocus), not on the close button. A marked
            // container (the Move dialog's folder tree) hands focus to its tab stop.
            const marked = (e.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(
              '[data-autofocus]',
            )
            const target = marked?.matches(TAB_STOP) ? marked : marked?.querySelector<HTMLElement>(TAB_STOP)
            if (target) {
              e.preventDefault()
              target.focus()
            }
          }}
          onCloseAutoFocus={(e) => {
            // Radix's own choice is what had focus when the dialog mounted, often a menu item gone since.
            if (back.current?.restore()) e.preventDefault()
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="dialog-header">
            <Dialog.Title className="dialog-title">{title}</Dialog.Title>
            <Dialog.Close className="icon-btn" aria-label={intl.formatMessage(common.close)}>
              <Icon name="x" />
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="dialog-description">{description}</Dialog.Description>
          ) : null}
          <div className="dialog-body">{children}</div>
          {footer ? <div className="dialog-footer">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
