import { randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccountStore, KeyringSecretStore } from '../core/accounts/index.ts'
import { ApiClient } from '../core/api/client.ts'
import { type SandboxHandle, startSandbox } from '../sandbox/server.ts'
import { jsonLines, runCli, runHere } from './testing/cli-runner.ts'
import { hostClient } from './testing/host.ts'

// Runs under scripts/with-keyring.sh: a real Secret Service, with a throwaway service name for this file's keys.
const service = `filedock-cli-test-${randomUUID()}`
const dir = mkdtempSync(join(tmpdir(), 'filedock-cli-accounts-'))
const appDir = join(dir, 'app')
let sandbox: SandboxHandle
let store: AccountStore
let secondKey: string
const ids: Record<string, string> = {}

beforeAll(async () => {
  sandbox = await startSandbox({ dataDir: join(dir, 'sandbox') })
  secondKey = (await sandbox.createAccount('second@sandbox.local')).apiKey
  store = await AccountStore.open({
    dataDir: appDir,
    keychain: new KeyringSecretStore({ service }),
    verify: async (baseUrl, apiKey, signal) => {
      const client = new ApiClient({ baseUrl, apiKey, retries: 0 })
      try {
        return { email: (await client.accountInfo({ signal })).email }
      } finally {
        await client.close()
      }
    },
  })
  ids.work = (await store.add({ label: 'Work Files', baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey })).id
  ids.second = (await store.add({ label: 'Second', baseUrl: sandbox.baseUrl, apiKey: secondKey })).id
  await writeFile(join(dir, 'note.txt'), 'a note')
  await writeFile(join(dir, 'other.txt'), 'another')
})

afterAll(async () => {
  for (const id of Object.values(ids)) await store.remove(id)
  await sandbox.close()
  await rm(dir, { recursive: true, force: true })
})

/** No key or address in the environment: everything comes from the app's accounts and the keychain. */
const env = (extra: Record<string, string | undefined> = {}) => ({
  FILEDOCK_BASE_URL: undefined,
  FILEDOCK_API_KEY: undefined,
  FILEDOCK_DATA: undefined,
  FILEDOCK_DATA_DIR: appDir,
  FILEDOCK_KEYCHAIN_SERVICE: service,
  ...extra,
})
const noKeys = (r: { stdout: string; stderr: string }) => {
  for (const key of [sandbox.apiKey, secondKey]) expect(r.stdout + r.stderr).not.toContain(key)
}

describe.concurrent('--account and `filedock accounts` with the OS keychain', () => {
  it('accounts lists label, address, masked key and the active one, never a key', async () => {
    const [table, json] = await Promise.all([
      runCli(['accounts'], env()),
      runHere(['accounts', '--json'], env()),
    ])
    expect(table.code, table.stderr).toBe(0)
    const rows = table.stdout.split('\n')
    expect(rows.find((r) => r.includes('Work Files'))).toMatch(
      new RegExp(
        `^\\*\\s+Work Files\\s+${sandbox.baseUrl}\\s+••••${sandbox.apiKey.slice(-4)}\\s+${ids.work}$`,
      ),
    )
    expect(rows.find((r) => r.includes('Second'))).toMatch(/^\s+Second\s/)
    expect(JSON.parse(json.stdout)).toEqual([
      {
        id: ids.work,
        label: 'Work Files',
        baseUrl: sandbox.baseUrl,
        maskedKey: `••••${sandbox.apiKey.slice(-4)}`,
        active: true,
        keyProblem: null,
      },
      {
        id: ids.second,
        label: 'Second',
        baseUrl: sandbox.baseUrl,
        maskedKey: `••••${secondKey.slice(-4)}`,
        active: false,
        keyProblem: null,
      },
    ])
    noKeys(table)
    noKeys(json)
  })

  it('api uses the account named by label (any case) or id', async () => {
    const [byLabel, byId] = await Promise.all([
      runHere(['api', 'account/info', '--account', 'work files'], env()),
      runHere(['api', 'account/info', '--account', ids.second as string], env()),
    ])
    expect(byLabel.code, byLabel.stderr).toBe(0)
    expect(JSON.parse(byLabel.stdout)).toMatchObject({ email: 'demo@sandbox.local' })
    expect(byId.code, byId.stderr).toBe(0)
    expect(JSON.parse(byId.stdout)).toMatchObject({ email: 'second@sandbox.local' })
    noKeys(byLabel)
  })

  it('upload --account sends to that account', async () => {
    const r = await runCli(
      ['upload', join(dir, 'note.txt'), '--account', 'Second', '--json', '--data', join(dir, 'q1')],
      env(),
    )
    expect(r.code, r.stderr).toBe(0)
    const [line] = jsonLines(r.stdout)
    expect(line).toMatchObject({ state: 'done', account: 'Second', size: 6 })
    const second = hostClient(sandbox.baseUrl, secondKey)
    const [info] = await second.fileInfo(line?.fileCode as string)
    await second.close()
    expect(info).toMatchObject({ found: true, name: 'note.txt' })
    noKeys(r)
  })

  it.each<[string, string[], Record<string, string>, number, RegExp]>([
    [
      'an unknown account',
      ['api', 'account/info', '--account', 'nobody'],
      {},
      4,
      /no account named "nobody"/,
    ],
    [
      '--base-url with --account',
      ['api', 'account/info', '--account', 'Second', '--base-url', 'http://127.0.0.1:9'],
      {},
      2,
      /does not go with --account/,
    ],
    [
      'no keychain (api)',
      ['api', 'account/info', '--account', 'Work Files'],
      { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/filedock-bus' },
      8,
      /Account "Work Files": No keychain \(Secret Service\) is available/,
    ],
    [
      'no keychain (upload)',
      ['upload', join(dir, 'note.txt'), '--account', 'Work Files', '--data', join(dir, 'q-nokeychain')],
      { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/filedock-bus' },
      8,
      /No keychain/,
    ],
  ])('%s', async (_what, args, extra, code, pattern) => {
    // Without a keychain the CLI needs a process of its own: the keyring library keeps its first D-Bus connection.
    const r = await (extra.DBUS_SESSION_BUS_ADDRESS ? runCli : runHere)(args, env(extra))
    expect(r.code, r.stderr).toBe(code)
    expect(r.stderr).toMatch(pattern)
    expect(r.stdout).toBe('')
  })

  it('items of an account this run cannot serve wait in the queue, and the next run that can serves them', async () => {
    const data = join(dir, 'q-mixed')
    const fromEnv = { FILEDOCK_BASE_URL: sandbox.baseUrl, FILEDOCK_API_KEY: sandbox.apiKey }
    // A rejected key leaves note.txt queued for env:<sandbox>.
    const bad = await runHere(
      ['upload', join(dir, 'note.txt'), '--data', data],
      env({ ...fromEnv, FILEDOCK_API_KEY: 'not-the-key-1' }),
    )
    expect(bad.code, bad.stderr).toBe(3)
    // With --account and no key in the environment, that item waits; the account's own upload goes through.
    const mixed = await runCli(
      ['upload', join(dir, 'other.txt'), '--account', 'Work Files', '--json', '--data', data],
      env(),
    )
    expect(mixed.code, mixed.stderr).toBe(0)
    expect(mixed.stderr).toMatch(/1 upload for 127\.0\.0\.1:\d+ stays in the queue: They were queued for/)
    expect(jsonLines(mixed.stdout).map((l) => l.relPath)).toEqual(['other.txt', undefined])
    // The right key in the environment: the waiting item is resumed and finished.
    const resumed = await runHere(['upload', '--json', '--data', data], env(fromEnv))
    expect(resumed.code, resumed.stderr).toBe(0)
    expect(jsonLines(resumed.stdout)[0]).toMatchObject({ state: 'done', relPath: 'note.txt' })
  })
})
