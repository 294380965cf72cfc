import { useId, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import type { AccountView, ProxyMode, UpdateAccountInput } from '../../../../shared/accounts.ts'
import { common } from '../../components/common-messages.ts'
import { Modal } from '../../components/Modal.tsx'
import { errorMessage } from '../../lib/call.ts'
import { AccountForm } from './AccountForm.tsx'
import { ConnectionFields } from './ConnectionFields.tsx'
import type { AccountField } from './field-errors.ts'
import { useAccountActions } from './use-account-actions.ts'

interface EditAccountDialogProps {
  account: AccountView
  focus: 'label' | AccountField
  onClose: () => void
}

/**
 * Rename an account, move it to another address, or give it a new key; set where its links point and its proxy.
 * Main checks a new key (or address) with the host before it replaces the stored one, so a wrong key changes
 * nothing; an empty key field keeps the key.
 */
export function EditAccountDialog({ account, focus, onClose }: EditAccountDialogProps) {
  const intl = useIntl()
  const { update } = useAccountActions()
  const id = useId()
  const [linkBase, setLinkBase] = useState(account.linkBaseByHand ? (account.linkBase ?? '') : '')
  const [proxyMode, setProxyMode] = useState<ProxyMode>(account.proxy.mode)
  const proxyInput = useRef<HTMLInputElement>(null)
  const [rate, setRate] = useState(account.requestsPerSec === null ? '' : String(account.requestsPerSec))
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={intl.formatMessage(
        { id: 'accounts.edit.title', defaultMessage: 'Edit “{account}”' },
        { account: account.label },
      )}
      description={
        account.needsKey
          ? ((account.keyProblemError ? errorMessage(account.keyProblemError) : account.keyProblem) ??
            intl.formatMessage({ id: 'accounts.edit.keyAgain', defaultMessage: 'Enter the API key again.' }))
          : undefined
      }
    >
      <AccountForm
        name={intl.formatMessage({ id: 'accounts.edit.name', defaultMessage: 'Edit account' })}
        initial={account}
        keyRequired={account.needsKey}
        keyHint={intl.formatMessage(
          {
            id: 'accounts.edit.keyHint',
            defaultMessage:
              'Leave empty to keep the current key ({key}). A new key is checked with the host before it replaces the old one.',
          },
          { key: account.maskedKey },
        )}
        focus={focus}
        error={update.data && !update.data.ok ? update.data.error : null}
        pending={update.isPending}
        submit={{
          label: intl.formatMessage(common.save),
          pendingLabel: intl.formatMessage({ id: 'accounts.edit.checking', defaultMessage: 'Checking…' }),
          icon: 'check',
        }}
        onCancel={onClose}
        extra={
          <ConnectionFields
            id={id}
            account={account}
            linkBase={linkBase}
            onLinkBase={setLinkBase}
            proxyMode={proxyMode}
            onProxyMode={setProxyMode}
            proxyInput={proxyInput}
            rate={rate}
            onRate={setRate}
          />
        }
        onSubmit={(values) => {
          const patch: UpdateAccountInput = {}
          if (values.label !== account.label) patch.label = values.label
          if (values.baseUrl !== account.baseUrl) patch.baseUrl = values.baseUrl
          if (values.apiKey.trim() !== '') patch.apiKey = values.apiKey.trim()
          const handSet = account.linkBaseByHand ? (account.linkBase ?? '') : ''
          if (linkBase.trim() !== handSet) patch.linkBase = linkBase.trim() === '' ? null : linkBase.trim()
          const perSec = rate.trim() === '' ? null : Number(rate)
          if (perSec !== account.requestsPerSec && (perSec === null || perSec > 0))
            patch.requestsPerSec = perSec
          const proxyUrl = proxyInput.current?.value.trim() ?? ''
          if (
            proxyMode !== account.proxy.mode ||
            (proxyMode === 'url' && proxyUrl !== (account.proxy.url ?? ''))
          )
            patch.proxy = proxyMode === 'url' ? { mode: 'url', url: proxyUrl } : { mode: proxyMode }
          // Saving an unchanged form is a plain close: nothing to check with the host.
          if (Object.keys(patch).length === 0) return onClose()
          update.mutate({ id: account.id, ...patch }, { onSuccess: (result) => result.ok && onClose() })
        }}
      />
    </Modal>
  )
}
