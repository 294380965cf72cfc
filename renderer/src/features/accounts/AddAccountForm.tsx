import { AccountForm } from './AccountForm.tsx'
import { useAccountActions } from './use-account-actions.ts'

const blank = { label: '', baseUrl: 'https://' }

/**
 * A new account: label, base URL and API key. A refused key never touches the active account (see
 * use-account-actions.ts); an accepted one empties the form for the next.
 */
export function AddAccountForm({ onDone, onCancel }: { onDone?: () => void; onCancel?: () => void }) {
  const { add } = useAccountActions()
  return (
    <AccountForm
      name="Add account"
      initial={blank}
      keyRequired
      keyHint="Stored in your system keychain. Filedock shows only its last 4 characters."
      error={add.data && !add.data.ok ? add.data.error : null}
      pending={add.isPending}
      submit={{ label: 'Add account', pendingLabel: 'Checking key…', icon: 'plus' }}
      onCancel={onCancel}
      onSubmit={(values, reset) =>
        add.mutate(values, {
          onSuccess: (result) => {
            if (!result.ok) return
            reset()
            onDone?.()
          },
        })
      }
    />
  )
}
