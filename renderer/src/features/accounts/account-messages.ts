import { defineMessages } from 'react-intl'

/** Words of the accounts that more than one screen shows (the switcher, the dialog, Settings). */
export const { addAccount, manageAccounts, offlineSandbox } = defineMessages({
  addAccount: { id: 'accounts.add', defaultMessage: 'Add account' },
  manageAccounts: { id: 'accounts.manage', defaultMessage: 'Manage accounts…' },
  offlineSandbox: { id: 'accounts.offlineSandbox', defaultMessage: 'Offline sandbox' },
})
