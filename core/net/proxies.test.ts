import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SandboxHandle, startSandbox } from '../../sandbox/server.ts'
import { upload } from '../../sandbox/testing/api-calls.ts'
import { FiledockError } from '../../shared/errors.ts'
import { errorText } from '../../shared/i18n/error-text.ts'
import { ApiClient } from '../api/client.ts'
import { intlFor } from '../i18n/main-intl.ts'
import { envProxyRoute, fixedProxyRoute } from './env-proxy.ts'
import { bypassesProxy } from './no-proxy.ts'
import { parseProxyUrl } from './proxy-url.ts'
import { freePort, type LoopbackProxy, startHttpProxy, startSocksProxy } from './testing/loopback-proxies.ts'

const AUTH = { username: 'ann', password: 's3cret-pw' }
let dir: string
let sandbox: SandboxHandle
let port: string
const proxies: Record<'http' | 'socks' | 'httpAuth' | 'socksAuth', LoopbackProxy> = {} as never

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-proxies-'))
  sandbox = await startSandbox({ dataDir: dir })
  port = new URL(sandbox.baseUrl).port
  proxies.http = await startHttpProxy()
  proxies.socks = await startSocksProxy()
  proxies.httpAuth = await startHttpProxy(AUTH)
  proxies.socksAuth = await startSocksProxy(AUTH)
})

afterAll(async () => {
  await Promise.all(Object.values(proxies).map((p) => p.close()))
  await sandbox.close()
  await rm(dir, { recursive: true, force: true })
})

/** account/info through the given environment, on the sandbox by the name `host`; the client closed after. */
async function infoThrough(env: NodeJS.ProcessEnv, host = '127.0.0.1'): Promise<string> {
  const proxy = envProxyRoute(env)
  const client = new ApiClient({
    baseUrl: `http://${host}:${port}`,
    apiKey: sandbox.apiKey,
    retries: 0,
    ...(proxy ? { proxy } : {}),
  })
  try {
    return (await client.accountInfo()).email
  } finally {
    await client.close()
  }
}

const failureThrough = (env: NodeJS.ProcessEnv) =>
  infoThrough(env).then(
    () => expect.fail('went through'),
    (e: unknown) => e as FiledockError,
  )

const withCreds = (url: string) => url.replace('://', `://${AUTH.username}:${AUTH.password}@`)

describe('the environment, as curl reads it', () => {
  it('HTTP_PROXY: the request tunnels through the HTTP proxy', async () => {
    const before = proxies.http.tunnels.length
    expect(await infoThrough({ HTTP_PROXY: proxies.http.url })).toBe('demo@sandbox.local')
    expect(proxies.http.tunnels.slice(before)).toEqual([`127.0.0.1:${port}`])
  })

  it('ALL_PROXY socks5:// resolves the name here, socks5h:// hands the name to the proxy', async () => {
    const before = proxies.socks.tunnels.length
    await infoThrough({ ALL_PROXY: proxies.socks.url }, 'localhost')
    await infoThrough({ all_proxy: proxies.socks.url.replace('socks5:', 'socks5h:') }, 'localhost')
    expect(proxies.socks.tunnels.slice(before)).toEqual([`127.0.0.1:${port}`, `localhost:${port}`])
  })

  it("a direct link's bytes come the proxy's way too, HTTP and SOCKS5 alike", async () => {
    const code = await upload(sandbox, 'through.txt', 'bytes through the proxy')
    for (const proxy of [proxies.http, proxies.socks]) {
      const before = proxy.tunnels.length
      const route = envProxyRoute({ ALL_PROXY: proxy.url, HTTP_PROXY: proxy.url })
      const client = new ApiClient({
        baseUrl: `http://127.0.0.1:${port}`,
        apiKey: sandbox.apiKey,
        ...(route ? { proxy: route } : {}),
      })
      try {
        const answer = await client.openRange((await client.directLink(code)).url, { start: 6 })
        if (answer.status === 416) throw new Error('expected bytes')
        const chunks: Buffer[] = []
        for await (const c of answer.body) chunks.push(c)
        expect(Buffer.concat(chunks).toString(), proxy.url).toBe('through the proxy')
        expect(proxy.tunnels.length, proxy.url).toBeGreaterThan(before)
      } finally {
        await client.close()
      }
    }
  })

  it('NO_PROXY sends the listed hosts direct', async () => {
    const before = proxies.http.tunnels.length
    await infoThrough({ HTTP_PROXY: proxies.http.url, NO_PROXY: 'example.com,127.0.0.0/8' })
    expect(proxies.http.tunnels.length).toBe(before)
  })

  it('credentials in the proxy URL are given to the proxy, HTTP and SOCKS5 alike', async () => {
    expect(await infoThrough({ HTTP_PROXY: withCreds(proxies.httpAuth.url) })).toBe('demo@sandbox.local')
    expect(await infoThrough({ ALL_PROXY: withCreds(proxies.socksAuth.url) })).toBe('demo@sandbox.local')
  })
})

describe('a proxy that refuses is named, never the host, and never with its password', () => {
  it.each([
    ['an HTTP proxy', () => proxies.httpAuth.url, 'HTTP_PROXY'],
    ['a SOCKS5 proxy', () => proxies.socksAuth.url, 'ALL_PROXY'],
  ])('%s that wants credentials', async (_name, url, variable) => {
    const err = await failureThrough({ [variable]: url() })
    expect(err).toBeInstanceOf(FiledockError)
    expect(err.kind).toBe('network')
    expect(err.message).toMatch(
      new RegExp(`^The proxy ${url().replace(/[.]/g, '\\.')} wants a user name and password, or refused`),
    )
    const wrong = await failureThrough({ [variable]: url().replace('://', '://ann:wrong-pw@') })
    expect(wrong.message).toContain(`The proxy ${url()} wants a user name and password`)
    expect(wrong.message).not.toContain('wrong-pw')
  })

  it('a proxy that does not listen', async () => {
    const dead = `http://127.0.0.1:${await freePort()}`
    const err = await failureThrough({ HTTP_PROXY: `http://ann:pw@${dead.slice(7)}` })
    expect(err.message).toMatch(new RegExp(`^Could not connect to the proxy ${dead}: connection refused`))
    expect(err.message).not.toContain('ann:pw')
    // In the window's language: the proxy's address (a value, no credentials) and the action in Arabic words.
    expect(errorText(await intlFor('ar'), err)).toBe(
      `تعذّر الاتصال بالوكيل ${dead}: رُفض الاتصال. تحقّق من إعداد الوكيل (أثناء قراءة الحساب).`,
    )
  })
})

describe('proxy addresses and NO_PROXY', () => {
  it('reads schemes and ports as curl does, and names a proxy without its credentials', () => {
    expect(parseProxyUrl('proxy.corp').label).toBe('http://proxy.corp:1080')
    expect(parseProxyUrl('https://u:p@proxy.corp').label).toBe('https://proxy.corp:443')
    expect(parseProxyUrl('socks5h://10.0.0.1:9050').kind).toBe('socks5h')
    expect(() => parseProxyUrl('socks4://u:pw@h:1')).toThrow(
      'Proxies of the kind socks4:// are not supported (socks4://h:1)',
    )
  })

  it('refuses a proxy address in the reader’s language, never echoing its password', async () => {
    const err = (() => {
      try {
        parseProxyUrl('socks4://u:pw@h:1')
      } catch (e) {
        return e as FiledockError
      }
    })()
    expect(errorText(await intlFor('id'), err as FiledockError)).toBe(
      'Proxy jenis socks4:// tidak didukung (socks4://h:1). Gunakan http://, https://, socks5://, atau socks5h://.',
    )
  })

  it.each<[string, string, boolean]>([
    ['*', 'anything.example', true],
    ['example.com', 'a.example.com', true],
    ['.example.com', 'example.com', true],
    ['example.com', 'notexample.com', false],
    ['10.0.0.0/8', '10.2.3.4', true],
    ['10.0.0.0/8', '11.0.0.1', false],
    ['localhost:8080, 127.0.0.1', '127.0.0.1', true],
  ])('NO_PROXY=%s and %s → %s', (list, host, bypass) => {
    expect(bypassesProxy(list, host)).toBe(bypass)
  })

  it('https_proxy for https URLs, http_proxy for http, all_proxy for the rest; a fixed proxy takes all', () => {
    const route = envProxyRoute({ https_proxy: 'h1:1', HTTP_PROXY: 'h2:2', ALL_PROXY: 'socks5://h3:3' })
    expect(route?.(new URL('https://x'))?.label).toBe('http://h1:1')
    expect(route?.(new URL('http://x'))?.label).toBe('http://h2:2')
    expect(envProxyRoute({ ALL_PROXY: 'socks5://h3:3' })?.(new URL('https://x'))?.label).toBe('socks5://h3:3')
    expect(envProxyRoute({})).toBeUndefined()
    expect(fixedProxyRoute('socks5h://h:9')(new URL('http://127.0.0.1'))?.label).toBe('socks5h://h:9')
  })
})
