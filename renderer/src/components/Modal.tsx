import * as Dialog from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'
import { Icon } from './Icon.tsx'

interface ModalProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: string | undefined
  wide?: boolean
  children: ReactNode
  footer?: ReactNode
}

/** A Radix dialog with the app's frame: focus trap, Escape, labelled title and description. */
export function Modal({ open, onOpenChange, title, description, wide, children, footer }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className={wide ? 'dialog dialog-wide' : 'dialog'}
          onOpenAutoFocus={(e) => {
            // Start in the field the dialog is for (marked data-autofocus), not on the close button.
            const target = (e.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(
              '[data-autofocus]',
            )
            if (target) {
              e.preventDefault()
              target.focus()
            }
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="dialog-header">
            <Dialog.Title className="dialog-title">{title}</Dialog.Title>
            <Dialog.Close className="icon-btn" aria-label="Close">
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
