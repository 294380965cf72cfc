import { useState } from 'react'
import type { AccountView } from '../../../../shared/accounts.ts'
import { Icon } from '../../components/Icon.tsx'
import { Modal } from '../../components/Modal.tsx'
import { commandLabel } from '../../lib/command-key.ts'
import { useUi } from '../../state/ui-store.ts'
import { AddAccountForm } from './AddAccountForm.tsx'
import { useAccountEdit } from './account-edit-store.ts'
import { EditAccountDialog } from './EditAccountDialog.tsx'
import { useAccountActions } from './use-account-actions.ts'
import { useAccounts } from './use-accounts.ts'

/** Accounts: list (masked keys only), switch, edit, remove with confirmation, add; the way to Settings. */
export function AccountsDialog({ onClose }: { onClose: () => void }) {
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
    <Modal open onOpenChange={(open) => !open && close()} title="Accounts" wide>
      {data?.warning ? (
        <div className="form-error" role="alert">
          <Icon name="alert" />
          <span>{data.warning}</span>
        </div>
      ) : null}
      {data && !data.keychain.available ? (
        <div className="form-error" role="alert">
          <Icon name="key" />
          <span>{data.keychain.reason ?? 'The system keychain is not available.'}</span>
        </div>
      ) : null}
      <ul className="account-list" aria-label="Accounts">
        {accounts.map((a) => (
          <AccountItem key={a.id} account={a} />
        ))}
        {accounts.length === 0 ? <li className="muted">No accounts yet.</li> : null}
      </ul>
      {adding ? (
        <AddAccountForm onDone={() => setAdding(false)} onCancel={() => setAdding(false)} />
      ) : (
        <div>
          <button type="button" className="btn" onClick={() => setAdding(true)}>
            <Icon name="plus" size={14} /> Add account
          </button>
        </div>
      )}
      <p className="muted">
        Units, copies and the other preferences are in{' '}
        <button
          type="button"
          className="link-btn"
          onClick={() => useUi.getState().openDialog({ kind: 'settings' })}
        >
          Settings
        </button>{' '}
        ({commandLabel(',')}).
      </p>
      {edited && editing ? (
        <EditAccountDialog key={edited.id} account={edited} focus={editing.focus} onClose={closeEdit} />
      ) : null}
    </Modal>
  )
}

function AccountItem({ account }: { account: AccountView }) {
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
        <strong className="truncate">{account.label}</strong>
        <small className="truncate">
          {account.offline ? 'Offline sandbox' : host}
          {account.email ? ` · ${account.email}` : ''} · key <span className="mono">{account.maskedKey}</span>
        </small>
        {account.needsKey ? (
          <small style={{ color: 'var(--danger)' }}>
            {account.keyProblem ?? 'The key must be entered again.'}
          </small>
        ) : null}
      </div>
      {confirming ? (
        <>
          <span className="muted">Remove?</span>
          <button type="button" className="btn" onClick={() => setConfirming(false)}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => remove.mutate({ id: account.id, label: account.label })}
            disabled={remove.isPending}
          >
            Remove
          </button>
        </>
      ) : (
        <>
          {account.active ? (
            <span className="badge">Active</span>
          ) : (
            <button type="button" className="btn" onClick={() => setActive.mutate(account.id)}>
              Switch
            </button>
          )}
          <button
            type="button"
            className="btn"
            aria-label={`Edit ${account.label}`}
            onClick={() => edit(account.id, account.needsKey ? 'apiKey' : 'label')}
          >
            <Icon name="edit" size={14} /> Edit
          </button>
          <button
            type="button"
            className="icon-btn"
            aria-label={`Remove ${account.label}`}
            onClick={() => setConfirming(true)}
          >
            <Icon name="trash" />
          </button>
        </>
      )}
    </li>
  )
}
