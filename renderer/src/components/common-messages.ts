import { defineMessages } from 'react-intl'

/**
 * The words every part of the window shares (buttons of dialogs and forms, states): one id each, so "Cancel" reads
 * the same everywhere and is translated once. Format with `intl.formatMessage(common.cancel)`.
 */
export const common = defineMessages({
  ok: { id: 'common.ok', defaultMessage: 'OK' },
  cancel: { id: 'common.cancel', defaultMessage: 'Cancel' },
  close: { id: 'common.close', defaultMessage: 'Close' },
  dismiss: { id: 'common.dismiss', defaultMessage: 'Dismiss' },
  retry: { id: 'common.retry', defaultMessage: 'Retry' },
  copy: { id: 'common.copy', defaultMessage: 'Copy' },
  delete: { id: 'common.delete', defaultMessage: 'Delete' },
  rename: { id: 'common.rename', defaultMessage: 'Rename' },
  move: { id: 'common.move', defaultMessage: 'Move' },
  remove: { id: 'common.remove', defaultMessage: 'Remove' },
  edit: { id: 'common.edit', defaultMessage: 'Edit' },
  save: { id: 'common.save', defaultMessage: 'Save' },
  search: { id: 'common.search', defaultMessage: 'Search' },
  /** A spinner's accessible name when nothing more precise is known. */
  loading: { id: 'common.loading', defaultMessage: 'Loading' },
  /** Visible text beside a spinner. */
  loadingText: { id: 'common.loadingText', defaultMessage: 'Loading…' },
  couldNotLoad: { id: 'common.couldNotLoad', defaultMessage: 'Could not load' },
  unlimited: { id: 'common.unlimited', defaultMessage: 'Unlimited' },
})
