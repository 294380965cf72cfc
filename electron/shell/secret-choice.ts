import type { BrowserWindow, Dialog, MessageBoxOptions } from 'electron'
import type { AccountStore } from '../../core/accounts/index.ts'
import type { KeychainStatus } from '../../shared/accounts.ts'

export type AskUser = (status: KeychainStatus) => Promise<boolean>

/**
 * When no OS keychain works, keys can only be saved if the user explicitly accepts Electron safeStorage
 * instead. It is offered only when it is real encryption: never its 'basic_text' backend (a fixed password),
 * which the store refuses anyway and which is checked here again so the question is never even asked.
 */
export async function offerSafeStorage(
  accounts: Pick<AccountStore, 'keychainStatus' | 'chooseBackend'>,
  selectedBackend: (() => string) | undefined,
  ask: AskUser,
): Promise<'not-needed' | 'not-offered' | 'declined' | 'switched'> {
  const status = accounts.keychainStatus()
  if (status.choice !== 'keychain' || status.available) return 'not-needed'
  if (!status.safeStorageAvailable || selectedBackend?.() === 'basic_text') return 'not-offered'
  if (!(await ask(status))) return 'declined'
  await accounts.chooseBackend('safe-storage')
  return 'switched'
}

export function safeStorageQuestion(status: KeychainStatus): MessageBoxOptions {
  return {
    type: 'warning',
    title: 'No keychain available',
    message: 'Filedock cannot use the system keychain to keep your API keys.',
    detail:
      `${status.reason ?? ''}\n\n` +
      'Filedock can instead keep the keys encrypted by its own secure storage, tied to your login. This is ' +
      'less protected than a keychain: other programs running as you may be able to read them. You can also ' +
      'start or unlock your keychain and restart Filedock.',
    buttons: ['Use encrypted app storage', 'Not now'],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  }
}

export function askWithDialog(
  dialog: Pick<Dialog, 'showMessageBox'>,
  window: () => BrowserWindow | null,
): AskUser {
  return async (status) => {
    const win = window()
    const options = safeStorageQuestion(status)
    const { response } = win
      ? await dialog.showMessageBox(win, options)
      : await dialog.showMessageBox(options)
    return response === 0
  }
}
