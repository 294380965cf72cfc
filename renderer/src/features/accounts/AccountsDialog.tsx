import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { AccountView } from '../../../../shared/accounts.ts'
import { common } from '../../components/common-messages.ts'
import { Icon } from '../../components/Icon.tsx'
import { Modal } from '../../components/Modal.tsx'
import { errorMessage } from '../../lib/call.ts'
import { commandLabel } from '../../lib/command-key.ts'
import { useUi } from '../../state/ui-store.ts'
import { AddAccountForm } from './AddAccountForm.tsx'
import { useAccountEdit } from './account-edit-store.ts'
import { addAccount, offlineSandbox } from './account-messages.ts'
import { EditAccountDialog } from './EditAccountDialog.tsx'
import { useAccountActions } from './use-account-actions.ts'
import { useAccounts } from './use-accounts.ts'

/** Accounts: list (masked keys only), switch, edit, remove with confirmation, add; the way to Settings. */
export function AccountsDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl()
  const { data } = useAccounts()
  const [adding, setAdding] = useState(false)
  const editing = useAccountEdit((s) => s.editing)
  const closeEdit = useAccountEdit((s) => s.close)
  const accounts = data?.accounts ?? []
  const edited = accounts.find((a) => a.id === editing?.accountId)
  const close = () => {
    closeEdit()
    onClose()
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && close()}
      title={intl.formatMessage({ id: 'accounts.dialog.title', defaultMessage: 'Accounts' })}
      wide
    >
      {data?.warning ? (
        <div className="form-error" role="alert">
          <Icon name="alert" />
          <span>{data.warningError ? errorMessage(data.warningError) : data.warning}</span>
        </div>
      ) : null}
      {data && !data.keychain.available ? (
        <div className="form-error" role="alert">
          <Icon name="key" />
          <span>
            {(data.keychain.reasonError ? errorMessage(data.keychain.reasonError) : data.keychain.reason) ??
              intl.formatMessage({
                id: 'accounts.dialog.noKeychain',
                defaultMessage: 'The system keychain is not available.',
              })}
          </span>
        </div>
      ) : null}
      <ul
        className="account-list"
        aria-label={intl.formatMessage({ id: 'accounts.dialog.list', defaultMessage: 'Accounts' })}
      >
        {accounts.map((a) => (
          <AccountItem key={a.id} account={a} />
        ))}
        {accounts.length === 0 ? (
          <li className="muted">
            <FormattedMessage id="accounts.dialog.none" defaultMessage="No accounts yet." />
          </li>
        ) : null}
      </ul>
      {adding ? (
        <AddAccountForm onDone={() => setAdding(false)} onCancel={() => setAdding(false)} />
      ) : (
        <div>
          <button type="button" className="btn" onClick={() => setAdding(true)}>
            <Icon name="plus" size={14} /> <FormattedMessage {...addAccount} />
          </button>
        </div>
      )}
      <p className="muted">
        <FormattedMessage
          id="accounts.dialog.toSettings"
          defaultMessage="Units, copies and the other preferences are in <settings>Settings</settings> ({shortcut})."
          values={{
            shortcut: commandLabel(','),
            settings: (chunks) => (
              <button
                type="button"
                className="link-btn"
                onClick={() => useUi.getState().openDialog({ kind: 'settings' })}
              >
                {chunks}
              </button>
            ),
          }}
        />
      </p>
      {edited && editing ? (
        <EditAccountDialog key={edited.id} account={edited} focus={editing.focus} onClose={closeEdit} />
      ) : null}
    </Modal>
  )
}

function AccountItem({ account }: { account: AccountView }) {
  const intl = useIntl()
  const { remove, setActive } = useAccountActions()
  const edit = useAccountEdit((s) => s.edit)
  const [confirming, setConfirming] = useState(false)
  const host = URL.canParse(account.baseUrl) ? new URL(account.baseUrl).host : account.baseUrl

  return (
    <li
      className="account-item"
      data-active={account.active}
      aria-current={account.active ? 'true' : undefined}
    >
      <span className="avatar" aria-hidden="true">
        {(account.label[0] ?? '?').toUpperCase()}
      </span>
      <div className="account-item-text">
        <strong className="truncate" translate="no">
          {account.label}
        </strong>
        <small className="truncate">
          <FormattedMessage
            id="accounts.item.summary"
            defaultMessage="{place} · key {key}"
            values={{
              place: (
                <>
                  {account.offline ? (
                    <FormattedMessage {...offlineSandbox} />
                  ) : (
                    <span translate="no">{host}</span>
                  )}
                  {account.email ? (
                    <>
                      {' · '}
                      <span translate="no">{account.email}</span>
                    </>
                  ) : null}
                </>
              ),
              key: (
                <span className="mono" translate="no">
                  {account.maskedKey}
                </span>
              ),
            }}
          />
        </small>
        {account.needsKey ? (
          <small style={{ color: 'var(--danger)' }}>
            {(account.keyProblemError ? errorMessage(account.keyProblemError) : account.keyProblem) ??
              intl.formatMessage({
                id: 'accounts.item.keyNeeded',
                defaultMessage: 'The key must be entered again.',
              })}
          </small>
        ) : null}
      </div>
      {confirming ? (
        <>
          <span className="muted">
            <FormattedMessage id="accounts.item.confirmRemove" defaultMessage="Remove?" />
          </span>
          <button type="button" className="btn" onClick={() => setConfirming(false)}>
            <FormattedMessage {...common.cancel} />
          </button>
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => remove.mutate({ id: account.id, label: account.label })}
            disabled={remove.isPending}
          >
            <FormattedMessage {...common.remove} />
          </button>
        </>
      ) : (
        <>
          {account.active ? (
            <span className="badge">
              <FormattedMessage id="accounts.item.active" defaultMessage="Active" />
            </span>
          ) : (
            <button type="button" className="btn" onClick={() => setActive.mutate(account.id)}>
              <FormattedMessage id="accounts.item.switch" defaultMessage="Switch" />
            </button>
          )}
          <button
            type="button"
            className="btn"
            aria-label={intl.formatMessage(
              { id: 'accounts.item.editLabel', defaultMessage: 'Edit {account}' },
              { account: account.label },
            )}
            onClick={() => edit(account.id, account.needsKey ? 'apiKey' : 'label')}
          >
            <Icon name="edit" size={14} /> <FormattedMessage {...common.edit} />
          </button>
          <button
            type="button"
            className="icon-btn"
            aria-label={intl.formatMessage(
              { id: 'accounts.item.removeLabel', defaultMessage: 'Remove {account}' },
              { account: account.label },
            )}
            onClick={() => setConfirming(true)}
          >
            <Icon name="trash" />
          </button>
        </>
      )}
    </li>
  )
}
