// Runs against a real Secret Service: `scripts/with-keyring.sh npx vitest run core/accounts`.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AccountsChange } from '../../shared/accounts.ts'
import type { FiledockError } from '../../shared/errors.ts'
import { AccountStore } from './account-store.ts'
import { KeyringSecretStore } from './keyring-secret-store.ts'
import { resolveAccountCredentials } from './resolve-credentials.ts'
import { ACCOUNTS_FILE } from './settings-file.ts'
import {
  allFileText,
  cleanKeychain,
  closedPortUrl,
  fetchVerify,
  type InfoHost,
  keychainDelete,
  keychainRead,
  removeDir,
  startInfoHost,
  tempDir,
  testService,
} from './test-support.ts'

const KEY_A = 'a7Kq9wZ2mP4xR8tY1abcd'
const KEY_B = 'b3Hn6vL0cJ5sD9gF2wxyz'
const KEY_C = 'c8Tr4eW1qA7zX3vB6mnop'
const CONCURRENT = Array.from({ length: 6 }, (_, i) => `concurrent-key-${i}-Zq81Xv`)

let host: InfoHost
let dataDir: string
let service: string
let verify: ReturnType<typeof vi.fn<typeof fetchVerify>>

beforeAll(async () => {
  const keys: Record<string, string> = {
    [KEY_A]: 'a@example.com',
    [KEY_B]: 'b@example.com',
    [KEY_C]: 'c@example.com',
  }
  for (const [i, key] of CONCURRENT.entries()) keys[key] = `user${i}@example.com`
  host = await startInfoHost(keys)
})
afterAll(() => host.close())

beforeEach(async () => {
  dataDir = await tempDir()
  service = testService()
  verify = vi.fn(fetchVerify)
})
afterEach(async () => {
  await cleanKeychain(service)
  await removeDir(dataDir)
})

const open = (verifyTimeoutMs?: number) =>
  AccountStore.open({
    dataDir,
    verify,
    keychain: new KeyringSecretStore({ service }),
    verifyTimeoutMs,
  })

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a FiledockError'),
    (error: FiledockError) => error,
  )

describe('AccountStore', () => {
  it('adds an account: checks the key with the host, keeps it in the keychain and out of every file', async () => {
    const store = await open()
    const view = await store.add({ label: ' Work ', baseUrl: `${host.url}/api/`, apiKey: ` ${KEY_A}\n` })

    expect(view).toMatchObject({
      label: 'Work',
      baseUrl: host.url,
      email: 'a@example.com',
      maskedKey: '••••abcd',
      active: true,
      offline: false,
      needsKey: false,
      keyProblem: null,
    })
    expect(verify).toHaveBeenCalledTimes(1)
    expect(verify).toHaveBeenCalledWith(host.url, KEY_A, expect.any(AbortSignal))
    expect(await keychainRead(service, view.id)).toBe(KEY_A)
    const files = await allFileText(dataDir)
    expect(files).toContain('"label": "Work"')
    expect(files).not.toContain(KEY_A)
    // Written atomically: no temp file left behind, and readable by the owner only.
    expect(await readdir(dataDir)).toEqual([ACCOUNTS_FILE])
    if (process.platform !== 'win32')
      expect((await stat(join(dataDir, ACCOUNTS_FILE))).mode & 0o777).toBe(0o600)
    expect(await store.getApiKey(view.id)).toBe(KEY_A)
    expect(JSON.stringify(await store.snapshot())).not.toContain(KEY_A)
    expect(store.keychainStatus()).toMatchObject({
      choice: 'keychain',
      available: true,
      secure: true,
      reason: null,
    })
  })

  it('refuses a wrong key with an auth error and saves nothing', async () => {
    const store = await open()
    const error = await failure(
      store.add({ label: 'Work', baseUrl: host.url, apiKey: 'wrong-key-123456789' }),
    )
    expect(error).toMatchObject({ kind: 'auth', message: expect.stringMatching(/not saved/) })
    expect(JSON.stringify(error)).not.toContain('wrong-key-123456789')
    expect(await store.list()).toEqual([])
    expect(await cleanKeychain(service)).toBe(0)
    expect(await allFileText(dataDir)).toBe('')
  })

  it('reports an unreachable host as network and a silent one as timeout, saving nothing', async () => {
    const store = await open(300)
    const refused = await failure(store.add({ label: 'Gone', baseUrl: await closedPortUrl(), apiKey: KEY_A }))
    expect(refused).toMatchObject({
      kind: 'network',
      message: expect.stringMatching(/Could not reach.*not saved/),
    })

    const silent = await failure(store.add({ label: 'Slow', baseUrl: `${host.url}/slow`, apiKey: KEY_A }))
    expect(silent).toMatchObject({ kind: 'timeout', message: expect.stringMatching(/did not answer/) })

    // A verify that ignores its abort signal still cannot hang the store.
    const stuck = await AccountStore.open({
      dataDir,
      verify: () => new Promise(() => {}),
      keychain: new KeyringSecretStore({ service }),
      verifyTimeoutMs: 200,
    })
    expect(await failure(stuck.add({ label: 'Stuck', baseUrl: host.url, apiKey: KEY_A }))).toMatchObject({
      kind: 'timeout',
    })
    expect(await store.list()).toEqual([])
    expect(await cleanKeychain(service)).toBe(0)
  })

  it('validates input before any network call, and refuses duplicates', async () => {
    const store = await open()
    const callsBefore = host.calls()
    const cases: Array<[Parameters<AccountStore['add']>[0], RegExp]> = [
      [{ label: '', baseUrl: host.url, apiKey: KEY_A }, /name/],
      [{ label: 'x'.repeat(101), baseUrl: host.url, apiKey: KEY_A }, /longer than 100/],
      [{ label: 'a\tb', baseUrl: host.url, apiKey: KEY_A }, /control/],
      [{ label: 'W', baseUrl: 'ftp://example.com', apiKey: KEY_A }, /https:\/\//],
      [{ label: 'W', baseUrl: 'https://u:p@example.com', apiKey: KEY_A }, /user name/],
      [{ label: 'W', baseUrl: host.url, apiKey: '' }, /Enter the API key/],
      [{ label: 'W', baseUrl: host.url, apiKey: 'ab cd' }, /spaces/],
      [{ label: 'W', baseUrl: host.url, apiKey: 'k'.repeat(257) }, /longer than 256/],
    ]
    for (const [input, message] of cases) {
      expect(await failure(store.add(input))).toMatchObject({
        kind: 'invalid_input',
        message: expect.stringMatching(message),
      })
    }
    expect(host.calls()).toBe(callsBefore)

    await store.add({ label: 'Work', baseUrl: host.url, apiKey: KEY_A })
    const calls = verify.mock.calls.length
    const sameKey = await failure(store.add({ label: 'Again', baseUrl: `${host.url}/api`, apiKey: KEY_A }))
    expect(sameKey).toMatchObject({
      kind: 'invalid_input',
      message: expect.stringMatching(/already saved as the account "Work"/),
    })
    const sameName = await failure(store.add({ label: 'WORK', baseUrl: host.url, apiKey: KEY_B }))
    expect(sameName).toMatchObject({
      kind: 'invalid_input',
      message: expect.stringMatching(/already an account named "Work"/),
    })
    expect(verify.mock.calls.length).toBe(calls)
    expect(await store.list()).toHaveLength(1)
  })

  it('switches the active account and keeps everything across a new store instance', async () => {
    const store = await open()
    const a = await store.add({ label: 'A', baseUrl: host.url, apiKey: KEY_A })
    const b = await store.add({ label: 'B', baseUrl: host.url, apiKey: KEY_B })
    const sandbox = await store.add({ label: 'Sandbox', baseUrl: host.url, apiKey: KEY_C }, { offline: true })
    expect(store.activeId).toBe(a.id)
    expect(b.active).toBe(false)
    expect(sandbox.offline).toBe(true)

    await store.setActive(b.id)
    expect((await store.list()).filter((v) => v.active).map((v) => v.label)).toEqual(['B'])
    expect(await failure(store.setActive('no-such-id'))).toMatchObject({ kind: 'not_found' })

    const reopened = await open()
    const views = await reopened.list()
    expect(views.map((v) => [v.label, v.active, v.offline, v.maskedKey, v.email])).toEqual([
      ['A', false, false, '••••abcd', 'a@example.com'],
      ['B', true, false, '••••wxyz', 'b@example.com'],
      ['Sandbox', false, true, '••••mnop', 'c@example.com'],
    ])
    expect(await reopened.getApiKey(b.id)).toBe(KEY_B)
    await reopened.setActive(null)
    expect((await open()).activeId).toBeNull()
  })

  it('removes an account with its keychain entry and hands "active" to another', async () => {
    const store = await open()
    const a = await store.add({ label: 'A', baseUrl: host.url, apiKey: KEY_A })
    const b = await store.add({ label: 'B', baseUrl: host.url, apiKey: KEY_B })

    await store.remove(a.id)
    expect(await keychainRead(service, a.id)).toBeNull()
    expect(await keychainRead(service, b.id)).toBe(KEY_B)
    expect(store.activeId).toBe(b.id)

    await store.remove(b.id)
    expect(store.activeId).toBeNull()
    expect(await store.list()).toEqual([])
    expect(await cleanKeychain(service)).toBe(0)
    expect(await failure(store.remove(b.id))).toMatchObject({ kind: 'not_found' })
  })

  it('renames, and replaces a key only after the host accepted it', async () => {
    const store = await open()
    const a = await store.add({ label: 'A', baseUrl: host.url, apiKey: KEY_A })

    expect((await store.rename(a.id, ' Personal ')).label).toBe('Personal')
    const wrong = await failure(store.replaceKey(a.id, 'not-a-valid-key-0000'))
    expect(wrong).toMatchObject({ kind: 'auth', message: expect.stringMatching(/change was not saved/) })
    expect(await keychainRead(service, a.id)).toBe(KEY_A)

    const replaced = await store.replaceKey(a.id, KEY_B)
    expect(replaced).toMatchObject({ maskedKey: '••••wxyz', email: 'b@example.com', label: 'Personal' })
    expect(await keychainRead(service, a.id)).toBe(KEY_B)

    // A new address is checked with the saved key (e.g. the sandbox came back on another port).
    const gone = await closedPortUrl()
    expect(await failure(store.update(a.id, { baseUrl: gone }))).toMatchObject({ kind: 'network' })
    expect((await store.update(a.id, { baseUrl: `${host.url}/v2/api` })).baseUrl).toBe(`${host.url}/v2`)
    expect(verify).toHaveBeenLastCalledWith(`${host.url}/v2`, KEY_B, expect.any(AbortSignal))
    await store.update(a.id, { baseUrl: host.url })
    expect((await open()).entries()).toEqual([
      { id: a.id, label: 'Personal', baseUrl: host.url, active: true },
    ])
  })

  it('shows a key that vanished or a backend that changed as "needs key", and recovers', async () => {
    const store = await open()
    const a = await store.add({ label: 'A', baseUrl: host.url, apiKey: KEY_A })
    const b = await store.add({ label: 'B', baseUrl: host.url, apiKey: KEY_B })
    await keychainDelete(service, a.id)

    // Another device's settings, or a keychain that was replaced: the record names a backend not in use.
    const file = join(dataDir, ACCOUNTS_FILE)
    const saved = JSON.parse(await readFile(file, 'utf8'))
    saved.accounts[1].keyBackend = 'keychain:macos'
    await writeFile(file, JSON.stringify(saved))

    const reopened = await open()
    const [viewA, viewB] = await reopened.list()
    expect(viewA).toMatchObject({
      needsKey: true,
      keyProblem: expect.stringMatching(/missing from Secret Service/),
    })
    expect(viewB).toMatchObject({
      needsKey: true,
      keyProblem: expect.stringMatching(/saved in the macOS Keychain/),
    })
    // The app's callers name the account in their own words (the queue's pause, the link check); the CLI,
    // which names it by a flag, is told which.
    expect(await failure(reopened.getApiKey(a.id))).toMatchObject({
      kind: 'keychain',
      message: expect.stringMatching(/^The key is missing/),
    })
    expect(await failure(resolveAccountCredentials(reopened, 'a'))).toMatchObject({
      kind: 'keychain',
      message: expect.stringMatching(/^Account "A": The key is missing/),
    })

    const fixed = await reopened.replaceKey(a.id, KEY_A)
    expect(fixed).toMatchObject({ needsKey: false, keyProblem: null })
    expect(await reopened.getApiKey(a.id)).toBe(KEY_A)
    await reopened.replaceKey(b.id, KEY_B)
    expect((await reopened.get(b.id)).needsKey).toBe(false)
  })

  it('serialises concurrent adds so none is lost, and lets only one of two identical adds through', async () => {
    const store = await open()
    const views = await Promise.all(
      CONCURRENT.map((apiKey, i) => store.add({ label: `Account ${i}`, baseUrl: host.url, apiKey })),
    )
    expect(new Set(views.map((v) => v.id)).size).toBe(CONCURRENT.length)
    const reopened = await open()
    expect(reopened.entries().map((e) => e.label)).toEqual(CONCURRENT.map((_, i) => `Account ${i}`))
    for (const [i, view] of views.entries()) expect(await keychainRead(service, view.id)).toBe(CONCURRENT[i])

    const twins = await Promise.allSettled([
      store.add({ label: 'Twin 1', baseUrl: host.url, apiKey: KEY_A }),
      store.add({ label: 'Twin 2', baseUrl: host.url, apiKey: KEY_A }),
    ])
    expect(twins.map((t) => t.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect(twins.find((t) => t.status === 'rejected')).toMatchObject({ reason: { kind: 'invalid_input' } })
    expect(await cleanKeychain(service)).toBe(CONCURRENT.length + 1)
  })

  it('tells subscribers about every change until they unsubscribe', async () => {
    const store = await open()
    const changes: AccountsChange[] = []
    const unsubscribe = store.onChange((change) => changes.push(change))
    store.onChange(() => {
      throw new Error('a broken subscriber')
    })
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})

    const a = await store.add({ label: 'A', baseUrl: host.url, apiKey: KEY_A })
    const b = await store.add({ label: 'B', baseUrl: host.url, apiKey: KEY_B })
    await store.setActive(b.id)
    await store.rename(a.id, 'A2')
    await store.remove(a.id)
    unsubscribe()
    await store.remove(b.id)
    quiet.mockRestore()

    expect(changes).toEqual([
      { reason: 'added', accountId: a.id },
      { reason: 'added', accountId: b.id },
      { reason: 'activated', accountId: b.id },
      { reason: 'updated', accountId: a.id },
      { reason: 'removed', accountId: a.id },
    ])
  })

  it('resolves CLI credentials by label in any case, by id, or the active account', async () => {
    const store = await open()
    const a = await store.add({ label: 'Work', baseUrl: host.url, apiKey: KEY_A })
    const b = await store.add({ label: 'Home', baseUrl: host.url, apiKey: KEY_B })

    expect(await resolveAccountCredentials(store, 'hOmE')).toEqual({
      id: b.id,
      label: 'Home',
      baseUrl: host.url,
      apiKey: KEY_B,
    })
    expect((await resolveAccountCredentials(store, a.id)).apiKey).toBe(KEY_A)
    expect((await resolveAccountCredentials(store)).label).toBe('Work')
    expect(await failure(resolveAccountCredentials(store, 'nope'))).toMatchObject({
      kind: 'not_found',
      message: 'There is no account named "nope". Accounts: "Work", "Home".',
    })
    await store.setActive(null)
    expect(await failure(resolveAccountCredentials(store))).toMatchObject({ message: /No account is active/ })
  })

  it('sets a damaged settings file aside and starts empty, with a warning', async () => {
    await writeFile(join(dataDir, ACCOUNTS_FILE), '{"version": 1, "accounts": [')
    const store = await open()
    const snapshot = await store.snapshot()
    expect(snapshot.accounts).toEqual([])
    expect(snapshot.warning).toMatch(/could not be read.*damaged file was kept as .*accounts\.json\.damaged-/)
    expect(await allFileText(dataDir)).toContain('"accounts": [')
    await store.add({ label: 'Fresh', baseUrl: host.url, apiKey: KEY_A })
    expect((await open()).entries()).toHaveLength(1)
  })
})
