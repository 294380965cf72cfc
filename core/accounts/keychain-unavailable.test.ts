import { access, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FiledockError } from '../../shared/errors.ts'
import { errorText } from '../../shared/i18n/error-text.ts'
import { intlFor } from '../i18n/main-intl.ts'
import { clientOf, openEngine, until } from '../queue/testing/support.ts'
import { AccountStore } from './account-store.ts'
import { KeyringSecretStore, probeKeychain } from './keyring-secret-store.ts'
import { resolveAccountCredentials } from './resolve-credentials.ts'
import { SAFE_STORAGE_FILE, SafeStorageSecretStore } from './safe-storage-secret-store.ts'
import { ACCOUNTS_FILE } from './settings-file.ts'
import {
  allFileText,
  FakeSafeStorage,
  fetchVerify,
  type InfoHost,
  removeDir,
  startInfoHost,
  tempDir,
  testService,
  writeSavedAccount,
} from './test-support.ts'

// A system without a keychain, for real: this file (its own process under vitest's forks pool) points D-Bus at
// a socket that does not exist. The keyring library connects lazily, on the first entry, and keeps that
// connection — or its failure — for the life of the process, so this must run before any keychain call.
process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/filedock-test-bus'

const KEY = 'k9Pw2Lx7Qz4Rt8Vn3efgh'
const NO_KEYCHAIN = /^No keychain \(Secret Service\) is available on this system \(.+\)\.$/

let host: InfoHost
let dataDir: string
let verify: ReturnType<typeof vi.fn<typeof fetchVerify>>

beforeAll(async () => {
  host = await startInfoHost({ [KEY]: 'me@example.com' })
})
afterAll(() => host.close())
beforeEach(async () => {
  dataDir = await tempDir()
  verify = vi.fn(fetchVerify)
})
afterEach(() => removeDir(dataDir))

const open = (safeStorage?: FakeSafeStorage) =>
  AccountStore.open({
    dataDir,
    verify,
    keychain: new KeyringSecretStore({ service: testService() }),
    safeStorage: safeStorage && new SafeStorageSecretStore(safeStorage, { dataDir }),
  })

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a FiledockError'),
    (error: FiledockError) => error,
  )

describe('without a keychain', () => {
  it('probeKeychain says plainly that there is none', async () => {
    const probe = await probeKeychain({ service: testService() })
    expect(probe).toEqual({
      available: false,
      reason: expect.objectContaining({ kind: 'keychain', message: expect.stringMatching(NO_KEYCHAIN) }),
    })
  })

  it('refuses to add an account before any network call, and never falls back to plain text', async () => {
    const store = await open()
    expect(store.keychainStatus()).toMatchObject({
      choice: 'keychain',
      available: false,
      reason: expect.stringMatching(NO_KEYCHAIN),
      safeStorageAvailable: false,
    })
    const error = await failure(store.add({ label: 'Work', baseUrl: host.url, apiKey: KEY }))
    expect(error).toMatchObject({
      kind: 'keychain',
      message: expect.stringMatching(/never stores API keys in plain text/),
    })
    expect(error.message).not.toMatch(/safeStorage/)
    expect(verify).not.toHaveBeenCalled()
    expect(await allFileText(dataDir)).toBe('')
  })

  it('refuses safeStorage when it would use basic_text or cannot encrypt', async () => {
    for (const fake of [new FakeSafeStorage('basic_text'), new FakeSafeStorage('gnome_libsecret', false)]) {
      const direct = new SafeStorageSecretStore(fake, { dataDir })
      const reason = fake.available
        ? /'basic_text' backend.*does not store API keys that way/
        : /cannot encrypt/
      expect(await direct.probe()).toEqual({
        available: false,
        reason: expect.objectContaining({ message: expect.stringMatching(reason) }),
      })
      expect(await failure(direct.set('some-id', KEY))).toMatchObject({ kind: 'keychain', message: reason })

      const store = await open(fake)
      expect(store.keychainStatus().safeStorageAvailable).toBe(false)
      expect(await failure(store.chooseBackend('safe-storage'))).toMatchObject({
        kind: 'keychain',
        message: reason,
      })
      expect(store.keychainStatus().choice).toBe('keychain')
    }
    expect(await allFileText(dataDir)).toBe('')
  })

  it('works with safeStorage once chosen explicitly, keeping keys encrypted and noticing a changed backend', async () => {
    const fake = new FakeSafeStorage('gnome_libsecret')
    const store = await open(fake)
    expect(store.keychainStatus()).toMatchObject({ available: false, safeStorageAvailable: true })
    const offered = await failure(store.add({ label: 'Work', baseUrl: host.url, apiKey: KEY }))
    expect(offered.message).toMatch(
      /choose to keep keys encrypted by Electron safeStorage instead \(less protected\)/,
    )

    expect(await store.chooseBackend('safe-storage')).toMatchObject({
      choice: 'safe-storage',
      label: 'Electron safeStorage (gnome_libsecret)',
      available: true,
      reason: null,
    })
    const view = await store.add({ label: 'Work', baseUrl: host.url, apiKey: KEY })
    expect(view).toMatchObject({ needsKey: false, maskedKey: '••••efgh', email: 'me@example.com' })
    await access(join(dataDir, SAFE_STORAGE_FILE))
    expect(await allFileText(dataDir)).not.toContain(KEY)
    expect(await store.getApiKey(view.id)).toBe(KEY)

    // The choice is saved: the next start uses safeStorage again.
    const settings = JSON.parse(await readFile(join(dataDir, ACCOUNTS_FILE), 'utf8'))
    expect(settings).toMatchObject({
      secretBackend: 'safe-storage',
      accounts: [{ keyBackend: 'safe-storage:gnome_libsecret' }],
    })
    expect(await (await open(fake)).getApiKey(view.id)).toBe(KEY)

    // The CLI has no Electron: it lists the account and explains, instead of failing to start.
    const cli = await open()
    expect(await cli.get(view.id)).toMatchObject({
      needsKey: true,
      keyProblem: expect.stringMatching(/only the Filedock desktop app/),
    })
    expect(await failure(resolveAccountCredentials(cli, 'work'))).toMatchObject({ kind: 'keychain' })

    // Linux desktop switched from GNOME to KDE: the blob belongs to another backend.
    fake.backend = 'kwallet5'
    const moved = await open(fake)
    expect(await moved.get(view.id)).toMatchObject({
      needsKey: true,
      keyProblem: expect.stringMatching(
        /saved in Electron safeStorage \(gnome_libsecret\).*\(Electron safeStorage \(kwallet5\) is\)/,
      ),
    })
    expect(await failure(moved.getApiKey(view.id))).toMatchObject({ kind: 'keychain' })
    await moved.remove(view.id)
    expect(JSON.parse(await readFile(join(dataDir, SAFE_STORAGE_FILE), 'utf8')).entries).toEqual({})
  })

  it('says why in the reader’s language: the keychain missing, the refusal to save, the key the CLI cannot read', async () => {
    const es = await intlFor('es')
    const store = await open()
    const status = store.keychainStatus()
    const reason = status.reasonError
    if (reason === undefined) return expect.fail('no reason with an id for the missing keychain')
    // The OS's words ({detail}) stay as they are.
    const detail = String(reason.values?.detail)
    expect(errorText(es, reason)).toBe(
      `No hay ningún llavero (Secret Service) disponible en este sistema (${detail}).`,
    )
    const refused = await failure(store.add({ label: 'Work', baseUrl: host.url, apiKey: KEY }))
    expect(errorText(es, refused)).toBe(
      `No hay ningún llavero (Secret Service) disponible en este sistema (${detail}). Filedock nunca guarda claves de API en texto sin cifrar, así que no se guardó nada.`,
    )

    const fake = new FakeSafeStorage('gnome_libsecret')
    const desktop = await open(fake)
    await desktop.chooseBackend('safe-storage')
    const view = await desktop.add({ label: 'Work', baseUrl: host.url, apiKey: KEY })
    const cli = await open()
    const problem = (await cli.get(view.id)).keyProblemError
    if (problem === undefined) return expect.fail('no key problem with an id')
    expect(errorText(await intlFor('ar'), problem)).toBe(
      'مفاتيح API مشفّرة بواسطة Electron safeStorage (المختار في تطبيق Filedock)، ولا يستطيع قراءتها إلا تطبيق Filedock لسطح المكتب.',
    )
    const blocked = await failure(resolveAccountCredentials(cli, 'Work'))
    expect(errorText(es, blocked)).toBe(
      'Cuenta "Work": Las claves de API están cifradas con Electron safeStorage (elegido en la aplicación Filedock), que solo puede leer la aplicación de escritorio de Filedock.',
    )
    expect(blocked.message).toBe(
      'Account "Work": The API keys are encrypted with Electron safeStorage (chosen in the Filedock app), which only the Filedock desktop app can read.',
    )
  })

  it('names the keychain a key was left in, and a key safeStorage cannot decrypt, in the reader’s language', async () => {
    const es = await intlFor('es')
    // Keys moved to safeStorage; one account's key stayed in the Secret Service (unreadable at the time).
    const left = { id: '5b0f2c1e-7d1a-4a55-9a53-2f7f1bb0b002', label: 'Old', baseUrl: host.url }
    await writeSavedAccount(dataDir, {
      ...left,
      keyBackend: 'keychain:secret-service',
      secretBackend: 'safe-storage',
    })
    const fake = new FakeSafeStorage('gnome_libsecret')
    const store = await open(fake)
    const problem = (await store.get(left.id)).keyProblemError
    if (problem === undefined) return expect.fail('no key problem with an id')
    expect(problem.message).toBe(
      'The key was saved in the Secret Service keychain, which is not in use now (Electron safeStorage (gnome_libsecret) is). Enter the API key again to keep using this account.',
    )
    expect(errorText(es, problem)).toBe(
      'La clave se guardó en el llavero Secret Service, que ahora no está en uso (se usa Electron safeStorage (gnome_libsecret)). Introduce de nuevo la clave de API para seguir usando esta cuenta.',
    )

    // A restored backup: the same backend, another machine secret. What the CLI is told…
    const view = await store.add({ label: 'Work', baseUrl: host.url, apiKey: KEY })
    const restored = await open(new FakeSafeStorage('gnome_libsecret'))
    const blocked = await failure(resolveAccountCredentials(restored, 'work'))
    const detail = String(blocked.values?.detail)
    expect(blocked.message).toBe(
      `Account "Work": The saved key could not be decrypted by Electron safeStorage (${detail}).`,
    )
    expect(errorText(es, blocked)).toBe(
      `Cuenta "Work": Electron safeStorage no pudo descifrar la clave guardada (${detail}).`,
    )

    // …and what the upload queue says when it pauses for it (its own words name the account).
    const src = await tempDir()
    await writeFile(join(src, 'a.txt'), 'alpha')
    const queue = await openEngine({
      dataDir: join(dataDir, 'queue'),
      accountLabel: () => 'Work',
      clientFor: async (id) => clientOf(host.url, await restored.getApiKey(id)),
    })
    try {
      await queue.engine.enqueuePaths({
        paths: [join(src, 'a.txt')],
        targets: [{ accountId: view.id, fldId: 0 }],
      })
      await until(() => queue.engine.snapshot().paused !== null)
      const pause = queue.engine.snapshot().paused
      if (pause === null) return expect.fail('the queue did not pause')
      expect(pause.message).toBe(
        `Work: The saved key could not be decrypted by Electron safeStorage (${detail}). The queue is paused; fix the key, then resume.`,
      )
      expect(errorText(es, pause)).toBe(
        `Work: Electron safeStorage no pudo descifrar la clave guardada (${detail}). La cola está en pausa; corrige la clave y luego reanúdala.`,
      )
    } finally {
      await queue.close()
      await removeDir(src)
    }
  })

  it('still removes an account whose key sits in a keychain that is gone', async () => {
    const account = { id: '5b0f2c1e-7d1a-4a55-9a53-2f7f1bb0b001', label: 'Old', baseUrl: host.url }
    await writeSavedAccount(dataDir, {
      ...account,
      keyBackend: 'keychain:secret-service',
      secretBackend: 'keychain',
    })
    const store = await open()
    expect(await store.list()).toMatchObject([
      { needsKey: true, keyProblem: expect.stringMatching(NO_KEYCHAIN) },
    ])
    await store.remove(account.id)
    expect(await store.snapshot()).toMatchObject({ accounts: [], activeId: null })
  })
})
