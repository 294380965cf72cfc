import { defineMessages } from 'react-intl'

/** Column and card names the dashboard's cards, legend and tables share. */
export const figures = defineMessages({
  downloads: { id: 'dashboard.figures.downloads', defaultMessage: 'Downloads' },
  views: { id: 'dashboard.figures.views', defaultMessage: 'Views' },
  balance: { id: 'dashboard.figures.balance', defaultMessage: 'Balance' },
  storageLeft: { id: 'dashboard.figures.storageLeft', defaultMessage: 'Storage left' },
  storageUsed: { id: 'dashboard.figures.storageUsed', defaultMessage: 'Storage used' },
  allAccounts: { id: 'dashboard.figures.allAccounts', defaultMessage: 'All accounts' },
})
