import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { type Core, createCore } from '../core/app/create-core.ts'
import { MemorySecretStore } from '../core/app/testing/memory-secret-store.ts'
import { type LoopbackProxy, startHttpProxy, startSocksProxy } from '../core/net/testing/loopback-proxies.ts'
import { type SandboxHandle, startSandbox } from '../sandbox/server.ts'
import type { AccountView } from '../shared/accounts.ts'
import { createSocketClient, type SocketLike } from '../shared/ipc/socket-client.ts'
import type { Result } from '../shared/result.ts'
import { startWebHost, type WebHost } from './server.ts'

// The browser host behind proxies: the environment's (as curl reads it) is the system's proxy, and an account's
// own setting overrides it. Everything through the contract over the WebSocket, as the renderer calls it.
let dirs: string[] = []
let sandbox: SandboxHandle
let core: Core
let host: WebHost
let http: LoopbackProxy
let socks: LoopbackProxy
const secrets = new MemorySecretStore()
type Api = Record<string, Record<string, (input?: unknown) => Promise<Result<unknown>>>>
let api: Api
let close: () => void

beforeAll(async () => {
  dirs = await Promise.all(
    ['host', 'data', 'r'].map((n) => mkdtemp(join(tmpdir(), `filedock-webproxy-${n}-`))),
  )
  const [hostDir, dataDir, rendererDir] = dirs as [string, string, string]
  sandbox = await startSandbox({ dataDir: hostDir })
  http = await startHttpProxy()
  socks = await startSocksProxy({ username: 'ann', password: 'pw-7' })
  core = await createCore({
    dataDir,
    host: 'web',
    version: '0.1.0-test',
    secretStore: secrets,
    log: () => undefined,
    proxyEnv: { HTTP_PROXY: http.url },
  })
  host = await startWebHost({ core, rendererDir, log: () => undefined })
  const client = createSocketClient({
    url: `ws://127.0.0.1:${host.port}/ipc?token=${host.token}`,
    connect: (url) =>
      new WebSocket(url, { origin: `http://127.0.0.1:${host.port}` }) as unknown as SocketLike,
  })
  api = client as unknown as Api
  close = () => client.close()
})

afterAll(async () => {
  close()
  await host.close()
  await core.dispose()
  await Promise.all([http.close(), socks.close()])
  await sandbox.close()
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

async function call<T>(group: string, method: string, input?: unknown): Promise<T> {
  const fn = api[group]?.[method]
  if (fn === undefined) throw new Error(`no channel ${group}.${method}`)
  const r = await fn(input)
  if (!r.ok) throw Object.assign(new Error(r.error.message), r.error)
  return r.value as T
}

const target = () => `127.0.0.1:${new URL(sandbox.baseUrl).port}`

describe('the browser host behind proxies', () => {
  let id: string

  it("follows the environment's HTTP proxy: the key check and the account's calls tunnel through it", async () => {
    const account = await call<AccountView>('accounts', 'add', {
      label: 'Behind',
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.apiKey,
    })
    id = account.id
    expect(account.proxy).toEqual({ mode: 'system', url: null, withCredentials: false })
    await call('account', 'info', { accountId: id })
    expect(http.tunnels.filter((t) => t === target()).length).toBeGreaterThanOrEqual(2)
  })

  it("an account's own SOCKS5 proxy overrides the system's; its password goes to the keychain, not the file", async () => {
    const view = await call<AccountView>('accounts', 'update', {
      id,
      proxy: { mode: 'url', url: socks.url.replace('://', '://ann:pw-7@') },
    })
    expect(view.proxy).toEqual({ mode: 'url', url: socks.url, withCredentials: true })
    const before = { http: http.tunnels.length, socks: socks.tunnels.length }
    await call('account', 'info', { accountId: id })
    expect(socks.tunnels.length).toBe(before.socks + 1)
    expect(http.tunnels.length).toBe(before.http)
    const file = await readFile(join(dirs[1] as string, 'accounts.json'), 'utf8')
    expect(file).not.toContain('pw-7')
    expect(await secrets.get(`${id}:proxy`)).toBe('ann:pw-7')
  })

  it('the same proxy URL without credentials keeps them; "none" goes direct and forgets them', async () => {
    await call('accounts', 'update', { id, proxy: { mode: 'url', url: socks.url } })
    const before = socks.tunnels.length
    await call('account', 'info', { accountId: id })
    expect(socks.tunnels.length).toBe(before + 1)
    const direct = await call<AccountView>('accounts', 'update', { id, proxy: { mode: 'none' } })
    expect(direct.proxy.mode).toBe('none')
    const seen = { http: http.tunnels.length, socks: socks.tunnels.length }
    await call('account', 'info', { accountId: id })
    expect({ http: http.tunnels.length, socks: socks.tunnels.length }).toEqual(seen)
    expect(await secrets.get(`${id}:proxy`)).toBeNull()
  })

  it('the offline sandbox account is served on loopback by this host: never through the proxy', async () => {
    const offline = await call<AccountView>('accounts', 'tryOffline')
    const before = http.tunnels.length
    await call('account', 'info', { accountId: offline.id })
    expect(http.tunnels.length).toBe(before)
    await call('accounts', 'remove', { id: offline.id })
  })

  it("a proxy that wants credentials: the account's calls fail with the proxy named", async () => {
    await call('accounts', 'update', { id, proxy: { mode: 'url', url: socks.url } })
    const err = await call('account', 'info', { accountId: id }).catch((e: unknown) => e as Error)
    expect((err as Error).message).toContain(`The proxy ${socks.url} wants a user name and password`)
  })
})
