import type { AccountsChange } from '../../shared/accounts.ts'

export type AccountsListener = (change: AccountsChange) => void

/** The store's subscribers, e.g. the composition root pushing "accounts changed" to the renderer. */
export class ChangeListeners {
  private readonly listeners = new Set<AccountsListener>()

  add(listener: AccountsListener): () => void {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  emit(change: AccountsChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change)
      } catch (error) {
        // A broken subscriber (e.g. a closed window) must not undo or block a change that is already saved.
        console.error('accounts: a change listener failed', error)
      }
    }
  }
}
