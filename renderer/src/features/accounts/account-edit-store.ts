import { create } from 'zustand'
import type { AccountField } from './field-errors.ts'

/**
 * Which account the Edit dialog is open for, and the field to start in. Lives apart from the accounts dialog
 * because the "Fix key" banner opens it from outside, with the key field focused.
 */
interface AccountEditState {
  editing: { accountId: string; focus: 'label' | AccountField } | null
  edit: (accountId: string, focus?: 'label' | AccountField) => void
  close: () => void
}

export const useAccountEdit = create<AccountEditState>()((set) => ({
  editing: null,
  edit: (accountId, focus = 'label') => set({ editing: { accountId, focus } }),
  close: () => set({ editing: null }),
}))
