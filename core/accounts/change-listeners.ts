import type { AccountsChange } from '../../shared/accounts.ts'
import { loggedEmitter } from '../events/logged-emitter.ts'

export type AccountsListener = (change: AccountsChange) => void

/**
 * The store's subscribers, e.g. the composition root pushing "accounts changed" to the renderer. A broken
 * subscriber (a closed window) is reported and must not undo or block a change that is already saved.
 */
export class ChangeListeners {
  private readonly emitter = loggedEmitter<AccountsChange>('an accounts change listener')

  add(listener: AccountsListener): () => void {
    return this.emitter.on(listener)
  }

  emit(change: AccountsChange): void {
    this.emitter.emit(change)
  }
}
