import { defineMessages } from 'react-intl'
import { create } from 'zustand'
import type { TransferDirection } from '../../../../shared/queue.ts'
import { descriptors } from '../../i18n/descriptors.ts'

/** Which transfers the panel lists and sums: both directions, or one. */
export type TransferFilter = 'all' | TransferDirection

interface TransferFilterState {
  shown: TransferFilter
  show: (shown: TransferFilter) => void
}

/** The transfers panel's direction filter: one choice for its list and its summary alike. */
export const useTransferFilter = create<TransferFilterState>()((set) => ({
  shown: 'all',
  show: (shown) => set({ shown }),
}))

/** The filter switch's words for each choice. */
export const FILTER_WORDS = descriptors<TransferFilter>(
  defineMessages({
    all: { id: 'upload.filter.all', defaultMessage: 'All' },
    up: { id: 'upload.filter.up', defaultMessage: 'Uploads' },
    down: { id: 'upload.filter.down', defaultMessage: 'Downloads' },
  }),
)
