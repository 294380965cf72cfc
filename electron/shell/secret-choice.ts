import { defineMessages, type IntlShape } from '@formatjs/intl'
import type { BrowserWindow, Dialog, MessageBoxOptions } from 'electron'
import type { AccountStore } from '../../core/accounts/index.ts'
import type { MainText } from '../../core/i18n/main-intl.ts'
import type { KeychainStatus } from '../../shared/accounts.ts'
import { errorText } from '../../shared/i18n/error-text.ts'

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

/** The keychain's reason in the dialog's language (its English when it came without an id). */
function reasonText(status: KeychainStatus, intl: IntlShape): string {
  return status.reasonError ? errorText(intl, status.reasonError) : (status.reason ?? '')
}

export function safeStorageQuestion(status: KeychainStatus, intl: IntlShape): MessageBoxOptions {
  return {
    type: 'warning',
    title: intl.formatMessage(TEXT.title),
    message: intl.formatMessage(TEXT.message),
    // The reason is the keychain's own (as the OS reported it), a paragraph of its own before the offer.
    detail: `${reasonText(status, intl)}\n\n${intl.formatMessage(TEXT.offer)}`,
    buttons: [intl.formatMessage(TEXT.useAppStorage), intl.formatMessage(TEXT.notNow)],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  }
}

export function askWithDialog(
  dialog: Pick<Dialog, 'showMessageBox'>,
  window: () => BrowserWindow | null,
  text: MainText,
): AskUser {
  return async (status) => {
    const win = window()
    const options = safeStorageQuestion(status, text())
    const { response } = win
      ? await dialog.showMessageBox(win, options)
      : await dialog.showMessageBox(options)
    return response === 0
  }
}

const TEXT = defineMessages({
  title: { id: 'main.keychainQuestion.title', defaultMessage: 'No keychain available' },
  message: {
    id: 'main.keychainQuestion.message',
    defaultMessage: 'Filedock cannot use the system keychain to keep your API keys.',
  },
  offer: {
    id: 'main.keychainQuestion.offer',
    defaultMessage:
      'Filedock can instead keep the keys encrypted by its own secure storage, tied to your login. This is less protected than a keychain: other programs running as you may be able to read them. You can also start or unlock your keychain and restart Filedock.',
  },
  useAppStorage: { id: 'main.keychainQuestion.useAppStorage', defaultMessage: 'Use encrypted app storage' },
  notNow: { id: 'main.keychainQuestion.notNow', defaultMessage: 'Not now' },
})
