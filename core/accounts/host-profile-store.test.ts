// Runs against a real Secret Service: `scripts/with-keyring.sh npx vitest run core/accounts`.
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AccountStore } from './account-store.ts'
import { KeyringSecretStore } from './keyring-secret-store.ts'
import { ACCOUNTS_FILE } from './settings-file.ts'
import {
  cleanKeychain,
  fetchVerify,
  type InfoHost,
  removeDir,
  startInfoHost,
  tempDir,
  testService,
} from './test-support.ts'

const KEY = 'p7Kq9wZ2mP4xR8tY1prof'
let host: InfoHost
let other: InfoHost
let dataDir: string
let service: string

beforeAll(async () => {
  host = await startInfoHost({ [KEY]: 'p@example.com' })
  other = await startInfoHost({ [KEY]: 'p@example.com' })
})
afterAll(async () => {
  await host.close()
  await other.close()
})
beforeEach(async () => {
  dataDir = await tempDir()
  service = testService()
})
afterEach(async () => {
  await cleanKeychain(service)
  await removeDir(dataDir)
})

const open = () =>
  AccountStore.open({ dataDir, verify: fetchVerify, keychain: new KeyringSecretStore({ service }) })

describe("the host profile is kept with the account (accounts.json, the store's one file)", () => {
  it('what a client learned survives a restart, and is no change for the listeners', async () => {
    const store = await open()
    const { id } = await store.add({ label: 'P', baseUrl: host.url, apiKey: KEY })
    const changes: string[] = []
    store.onChange((c) => changes.push(c.reason))
    await store.learnProfile(id, { serverPerFile: true, linkBase: 'https://links.example' })
    await store.learnProfile(id, { formerLinkBases: [host.url] })
    expect(changes).toEqual([])
    const again = await open()
    expect(again.profileOf(id)).toEqual({
      serverPerFile: true,
      linkBase: 'https://links.example',
      formerLinkBases: [host.url],
    })
  })

  it('a profile that does not parse is dropped, the account kept', async () => {
    const store = await open()
    const { id } = await store.add({ label: 'P', baseUrl: host.url, apiKey: KEY })
    const path = join(dataDir, ACCOUNTS_FILE)
    const saved = JSON.parse(await readFile(path, 'utf8'))
    saved.accounts[0].profile = { formKeyField: 'password', serverPerFile: 'yes' }
    await writeFile(path, JSON.stringify(saved))
    const again = await open()
    expect(again.profileOf(id)).toEqual({})
    expect((await again.get(id)).label).toBe('P')
  })

  it('another address is another host: the learned profile goes, a link base set by hand stays', async () => {
    const store = await open()
    const { id } = await store.add({ label: 'P', baseUrl: host.url, apiKey: KEY })
    await store.learnProfile(id, { serverPerFile: true, linkBase: 'https://m.example', linkBaseByHand: true })
    await store.update(id, { baseUrl: other.url })
    expect(store.profileOf(id)).toEqual({ linkBase: 'https://m.example', linkBaseByHand: true })
  })
})
