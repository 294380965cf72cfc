import * as Menu from '@radix-ui/react-dropdown-menu'
import { FormattedMessage, useIntl } from 'react-intl'
import { Icon } from '../../components/Icon.tsx'
import { useUi } from '../../state/ui-store.ts'
import { manageAccounts, offlineSandbox } from './account-messages.ts'
import { useAccountActions } from './use-account-actions.ts'
import { useAccounts } from './use-accounts.ts'

/** The sidebar's account button: switch between accounts, or open the accounts dialog. */
export function AccountSwitcher() {
  const intl = useIntl()
  const { data } = useAccounts()
  const { setActive } = useAccountActions()
  const openDialog = useUi((s) => s.openDialog)
  const active = data?.accounts.find((a) => a.id === data.activeId)

  return (
    <Menu.Root>
      <Menu.Trigger
        className="account-switcher"
        aria-label={intl.formatMessage({ id: 'accounts.switcher.label', defaultMessage: 'Switch account' })}
      >
        <span className="avatar" aria-hidden="true">
          {(active?.label[0] ?? '?').toUpperCase()}
        </span>
        <span className="account-switcher-text">
          {active ? (
            <strong className="truncate" translate="no">
              {active.label}
            </strong>
          ) : (
            <strong className="truncate">
              <FormattedMessage id="accounts.switcher.none" defaultMessage="No account" />
            </strong>
          )}
          {!active?.email && active?.offline ? (
            <small className="truncate">
              <FormattedMessage {...offlineSandbox} />
            </small>
          ) : (
            <small className="truncate" translate="no">
              {active?.email || active?.baseUrl}
            </small>
          )}
        </span>
        <Icon name="chevronDown" size={14} />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="menu" align="start" sideOffset={6} style={{ width: 236 }}>
          <Menu.Label className="menu-label">
            <FormattedMessage id="accounts.switcher.heading" defaultMessage="Accounts" />
          </Menu.Label>
          <Menu.RadioGroup value={data?.activeId ?? ''} onValueChange={(id) => setActive.mutate(id)}>
            {data?.accounts.map((a) => (
              <Menu.RadioItem key={a.id} value={a.id} className="menu-item">
                <span style={{ width: 16 }}>{a.active ? <Icon name="check" size={14} /> : null}</span>
                <span className="truncate" translate="no">
                  {a.label}
                </span>
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
          <Menu.Separator className="menu-separator" />
          <Menu.Item className="menu-item" onSelect={() => openDialog({ kind: 'accounts' })}>
            <Icon name="settings" /> <FormattedMessage {...manageAccounts} />
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  )
}
