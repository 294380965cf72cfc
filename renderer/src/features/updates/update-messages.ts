import { defineMessage } from 'react-intl'

/** Said both by the banner above the content and by Settings → Updates. */
export const updateReady = defineMessage<{ version: string }>({
  id: 'updates.ready',
  defaultMessage: 'Filedock {version} is ready.',
})
