// Fixtures shared by the account store tests: a real HTTP host answering account/info, a verify that calls it
// with fetch, temp data folders, a throwaway keychain service, and a safeStorage stand-in that truly encrypts.
import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AsyncEntry, findCredentialsAsync } from '@napi-rs/keyring'
import { FiledockError } from '../../shared/errors.ts'
import type { SafeStorageLike } from './safe-storage-secret-store.ts'
import { ACCOUNTS_FILE } from './settings-file.ts'
import type { VerifyKey } from './verify.ts'

export interface InfoHost {
  /** e.g. http://127.0.0.1:41234 */
  url: string
  /** How many account/info requests arrived. */
  calls(): number
  close(): Promise<void>
}

/**
 * Answers GET …/api/account/info (under any path prefix) like the spec's example for a known key. For an
 * unknown key the spec shows nothing; this host answers 403 with an envelope, one of the shapes a real client
 * must tolerate. Requests under /slow/ never get an answer (for time-outs).
 */
export async function startInfoHost(keys: Record<string, string>): Promise<InfoHost> {
  let calls = 0
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname.startsWith('/slow/')) return
    calls++
    const email = keys[url.searchParams.get('key') ?? '']
    const body = !url.pathname.endsWith('/api/account/info')
      ? { status: 404, msg: 'Unknown operation' }
      : email === undefined
        ? { status: 403, msg: 'Wrong auth', server_time: '2024-01-01 00:00:00' }
        : {
            status: 200,
            msg: 'OK',
            server_time: '2024-01-01 00:00:00',
            result: {
              email,
              balance: '0.00000',
              storage_used: null,
              premium_expire: '2030-01-01 00:00:00',
              storage_left: 'inf',
            },
          }
    res.writeHead(body.status === 200 ? 200 : body.status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    calls: () => calls,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** What the composition root's verify does, reduced to account/info: no retries, auth on a non-200 envelope. */
export const fetchVerify: VerifyKey = async (baseUrl, apiKey, signal) => {
  const res = await fetch(
    `${baseUrl}/api/account/info?key=${encodeURIComponent(apiKey)}`,
    signal ? { signal } : {},
  )
  const body = (await res.json()) as { status?: unknown; result?: { email?: unknown } }
  if (String(body.status) !== '200') {
    throw new FiledockError({
      kind: 'auth',
      message: 'The host did not accept the API key.',
      status: res.status,
    })
  }
  return { email: String(body.result?.email ?? '') }
}

/** A port that was just free: nothing listens there, so connecting is refused. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}

export const tempDir = (): Promise<string> => mkdtemp(join(tmpdir(), 'filedock-accounts-'))

/** Every file under `dir` (recursively), as text, to prove a key was never written anywhere. */
export async function allFileText(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
  return (await Promise.all(files.map((f) => readFile(f, 'latin1')))).join('\n')
}

export const testService = (): string => `Filedock-test-${randomUUID()}`

/** Reads the keychain directly (not through the code under test). */
export const keychainRead = (service: string, id: string): Promise<string | null> =>
  new AsyncEntry(service, id, { linux: { store: 'secret-service' } }).getPassword()

export const keychainDelete = (service: string, id: string): Promise<boolean> =>
  new AsyncEntry(service, id, { linux: { store: 'secret-service' } }).deletePassword()

/** Deletes every entry the test created under its service; returns how many there were. */
export async function cleanKeychain(service: string): Promise<number> {
  const found = await findCredentialsAsync(service)
  await Promise.all(found.map((c) => keychainDelete(service, c.account)))
  return found.length
}

export const removeDir = (dir: string): Promise<void> => rm(dir, { recursive: true, force: true })

/**
 * Stands in for Electron's safeStorage with real AES-256-GCM, so "the key is not in any file" is a real check.
 * `backend` and `available` are mutable to play a changed or broken backend.
 */
export class FakeSafeStorage implements SafeStorageLike {
  private readonly secret = randomBytes(32)

  constructor(
    public backend: string = 'gnome_libsecret',
    public available = true,
  ) {}

  isEncryptionAvailable(): boolean {
    return this.available
  }

  getSelectedStorageBackend(): string {
    return this.backend
  }

  encryptString(plainText: string): Buffer {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.secret, iv)
    const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()])
    return Buffer.concat([iv, cipher.getAuthTag(), body])
  }

  decryptString(encrypted: Buffer): string {
    const decipher = createDecipheriv('aes-256-gcm', this.secret, encrypted.subarray(0, 12))
    decipher.setAuthTag(encrypted.subarray(12, 28))
    return Buffer.concat([decipher.update(encrypted.subarray(28)), decipher.final()]).toString('utf8')
  }
}

/**
 * The app's accounts.json with one account (active) whose key was saved in `keyBackend`: what another device, an
 * older version or a switch of backend leaves behind. The key itself is nowhere.
 */
export async function writeSavedAccount(
  dataDir: string,
  o: {
    id: string
    label: string
    baseUrl: string
    keyBackend: string
    secretBackend: 'keychain' | 'safe-storage'
  },
): Promise<void> {
  const account = {
    id: o.id,
    label: o.label,
    baseUrl: o.baseUrl,
    email: '',
    keySuffix: 'efgh',
    keyBackend: o.keyBackend,
    createdAt: '2024-01-01T00:00:00.000Z',
    offline: false,
  }
  const settings = { version: 1, secretBackend: o.secretBackend, activeId: o.id, accounts: [account] }
  await writeFile(join(dataDir, ACCOUNTS_FILE), JSON.stringify(settings))
}
