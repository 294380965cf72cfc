import { describe, expect, it } from 'vitest'
import { englishIntl } from '../../core/i18n/main-intl.ts'
import type { KeychainStatus, SecretBackendChoice } from '../../shared/accounts.ts'
import { askWithDialog, offerSafeStorage } from './secret-choice.ts'

const status = (over: Partial<KeychainStatus>): KeychainStatus => ({
  choice: 'keychain',
  label: 'Secret Service',
  secure: true,
  available: false,
  reason: 'No keychain (Secret Service) is available on this system (no D-Bus).',
  safeStorageAvailable: true,
  ...over,
})

function accounts(s: KeychainStatus) {
  const chosen: SecretBackendChoice[] = []
  return {
    chosen,
    keychainStatus: () => s,
    chooseBackend: async (choice: SecretBackendChoice) => {
      chosen.push(choice)
      return s
    },
  }
}

describe('offerSafeStorage', () => {
  it('asks nothing while the keychain works', async () => {
    const a = accounts(status({ available: true }))
    expect(await offerSafeStorage(a, undefined, async () => true)).toBe('not-needed')
    expect(a.chosen).toEqual([])
  })

  it('never offers safeStorage when it would be plain text', async () => {
    let asked = false
    const ask = async () => {
      asked = true
      return true
    }
    expect(await offerSafeStorage(accounts(status({})), () => 'basic_text', ask)).toBe('not-offered')
    expect(await offerSafeStorage(accounts(status({ safeStorageAvailable: false })), undefined, ask)).toBe(
      'not-offered',
    )
    expect(asked).toBe(false)
  })

  it('switches only on an explicit yes', async () => {
    const declined = accounts(status({}))
    expect(
      await offerSafeStorage(
        declined,
        () => 'gnome_libsecret',
        async () => false,
      ),
    ).toBe('declined')
    expect(declined.chosen).toEqual([])
    const accepted = accounts(status({}))
    expect(
      await offerSafeStorage(
        accepted,
        () => 'gnome_libsecret',
        async () => true,
      ),
    ).toBe('switched')
    expect(accepted.chosen).toEqual(['safe-storage'])
  })
})

describe('askWithDialog', () => {
  it('shows a warning whose default answer is "Not now"', async () => {
    const shown: unknown[] = []
    const dialog = {
      showMessageBox: async (...args: unknown[]) => {
        shown.push(args.at(-1))
        return { response: 1, checkboxChecked: false }
      },
    }
    expect(
      await askWithDialog(
        dialog as never,
        () => null,
        () => englishIntl,
      )(status({})),
    ).toBe(false)
    expect(shown[0]).toMatchObject({ type: 'warning', defaultId: 1, cancelId: 1 })
    expect(JSON.stringify(shown[0])).toContain('less protected')
  })
})
