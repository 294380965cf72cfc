import { useIntl } from 'react-intl'
import { AccountForm } from './AccountForm.tsx'
import { addAccount } from './account-messages.ts'
import { useAccountActions } from './use-account-actions.ts'

const blank = { label: '', baseUrl: 'https://' }

/**
 * A new account: label, base URL and API key. A refused key never touches the active account (see
 * use-account-actions.ts); an accepted one empties the form for the next.
 */
export function AddAccountForm({ onDone, onCancel }: { onDone?: () => void; onCancel?: () => void }) {
  const intl = useIntl()
  const { add } = useAccountActions()
  return (
    <AccountForm
      name={intl.formatMessage(addAccount)}
      initial={blank}
      keyRequired
      keyHint={intl.formatMessage({
        id: 'accounts.add.keyHint',
        defaultMessage: 'Stored in your system keychain. Filedock shows only its last 4 characters.',
      })}
      error={add.data && !add.data.ok ? add.data.error : null}
      pending={add.isPending}
      submit={{
        label: intl.formatMessage(addAccount),
        pendingLabel: intl.formatMessage({ id: 'accounts.add.checking', defaultMessage: 'Checking key…' }),
        icon: 'plus',
      }}
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
