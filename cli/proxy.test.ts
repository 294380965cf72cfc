import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  freePort,
  type LoopbackProxy,
  startHttpProxy,
  startSocksProxy,
} from '../core/net/testing/loopback-proxies.ts'
import { type SandboxHandle, startSandbox } from '../sandbox/server.ts'
import { runCli } from './testing/cli-runner.ts'

// The built CLI (bin/filedock.mjs, the bundle) through proxies on loopback, as users run it behind one.
let dir: string
let sandbox: SandboxHandle
let http: LoopbackProxy
let socks: LoopbackProxy
let guarded: LoopbackProxy

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-cli-proxy-'))
  sandbox = await startSandbox({ dataDir: join(dir, 'data') })
  await writeFile(join(dir, 'a.txt'), 'through the proxy')
  http = await startHttpProxy()
  socks = await startSocksProxy()
  guarded = await startHttpProxy({ username: 'ann', password: 'pw-9' })
})

afterAll(async () => {
  await Promise.all([http, socks, guarded].map((p) => p.close()))
  await sandbox.close()
  await rm(dir, { recursive: true, force: true })
})

const run = (args: string[], env: Record<string, string | undefined>) =>
  runCli(args, {
    FILEDOCK_BASE_URL: sandbox.baseUrl,
    FILEDOCK_API_KEY: sandbox.apiKey,
    FILEDOCK_DATA_DIR: join(dir, 'app'),
    FILEDOCK_DATA: join(dir, 'queue'),
    HTTP_PROXY: undefined,
    HTTPS_PROXY: undefined,
    ALL_PROXY: undefined,
    NO_PROXY: undefined,
    http_proxy: undefined,
    https_proxy: undefined,
    all_proxy: undefined,
    no_proxy: undefined,
    ...env,
  })

const target = () => `127.0.0.1:${new URL(sandbox.baseUrl).port}`

describe('the CLI behind a proxy', () => {
  it('HTTP_PROXY: api and upload go through the HTTP proxy', async () => {
    const before = http.tunnels.length
    const info = await run(['api', 'account/info'], { HTTP_PROXY: http.url })
    expect(info.stderr).toBe('')
    expect(JSON.parse(info.stdout).email).toBe('demo@sandbox.local')
    const up = await run(['upload', join(dir, 'a.txt'), '--json'], { HTTP_PROXY: http.url })
    expect(up.code).toBe(0)
    expect(http.tunnels.slice(before).every((t) => t === target())).toBe(true)
    expect(http.tunnels.length - before).toBeGreaterThanOrEqual(2)
  })

  it('ALL_PROXY=socks5h://: through the SOCKS5 proxy, and no warning on stderr', async () => {
    const before = socks.tunnels.length
    const info = await run(['api', 'account/info'], { ALL_PROXY: socks.url.replace('socks5:', 'socks5h:') })
    expect(info.code).toBe(0)
    expect(info.stderr).toBe('')
    expect(socks.tunnels.slice(before)).toEqual([target()])
  })

  it('NO_PROXY keeps a host direct', async () => {
    const before = socks.tunnels.length
    const info = await run(['api', 'account/info'], { ALL_PROXY: socks.url, NO_PROXY: '127.0.0.1' })
    expect(info.code).toBe(0)
    expect(socks.tunnels.length).toBe(before)
  })

  it('a proxy that wants credentials, or does not listen: exit 5, the proxy named, no password shown', async () => {
    const refused = await run(['api', 'account/info'], {
      HTTP_PROXY: guarded.url.replace('://', '://ann:nope@'),
    })
    expect(refused.code).toBe(5)
    expect(refused.stderr).toContain(`The proxy ${guarded.url} wants a user name and password`)
    expect(refused.stderr).not.toContain('nope')
    const dead = `http://127.0.0.1:${await freePort()}`
    const gone = await run(['api', 'account/info'], { HTTP_PROXY: dead })
    expect(gone.code).toBe(5)
    expect(gone.stderr).toContain(`Could not connect to the proxy ${dead}: connection refused`)
  })
})
