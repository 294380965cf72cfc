import { create } from 'zustand'
import type { TransferDirection } from '../../../../shared/queue.ts'

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

/** What the panel calls the transfers a filter shows ("No downloads."). */
export const FILTER_WORDS: Record<TransferFilter, string> = {
  all: 'All',
  up: 'Uploads',
  down: 'Downloads',
}
