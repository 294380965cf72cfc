import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createEventBus } from '../core/ipc/event-bus.ts'
import { type EchoCall, echoHandlers } from '../core/ipc/testing/contract-samples.ts'
import type { AppEvent } from '../shared/ipc/events.ts'
import { startWebHost, type WebHost } from './server.ts'

let dir: string
let host: WebHost
const calls: EchoCall[] = []
const events = createEventBus<AppEvent>()

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-web-'))
  await mkdir(join(dir, 'assets'))
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><title>Filedock</title><script src="./assets/app.js"></script>',
  )
  await writeFile(join(dir, 'assets', 'app.js'), 'console.log("app")')
  await writeFile(join(dir, 'assets', 'app.css'), 'body{}')
  await writeFile(join(dir, '.env'), 'SECRET=1')
  host = await startWebHost({
    core: { handlers: echoHandlers(calls), events },
    rendererDir: dir,
    log: () => undefined,
  })
})

afterAll(async () => {
  await host.close()
  await rm(dir, { recursive: true, force: true })
})

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: host.port,
        path,
        method,
        headers: { host: `127.0.0.1:${host.port}`, ...headers },
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => {
          body += c
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      },
    )
    req.on('error', reject)
    req.end()
  })
}

const cookie = () => `filedock_token_${host.port}=${host.token}`

describe('web host over HTTP', () => {
  it('prints a loopback URL with a 32-byte base64url token', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?token=${host.token}`)
    expect(host.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('refuses a request without a token, or with a wrong one', async () => {
    expect((await get('/')).status).toBe(401)
    expect((await get('/?token=wrong')).status).toBe(401)
    expect((await get('/assets/app.js')).status).toBe(401)
    expect((await get('/', { cookie: `filedock_token_${host.port}=nope` })).status).toBe(401)
  })

  it('serves index.html for the token and sets an HttpOnly, SameSite=Strict cookie', async () => {
    const res = await get(`/?token=${host.token}`)
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.body).toContain('<title>Filedock</title>')
    const setCookie = String(res.headers['set-cookie'])
    expect(setCookie).toContain(cookie())
    expect(setCookie).toContain('HttpOnly')
    expect(setCookie).toContain('SameSite=Strict')
    expect(res.headers['content-security-policy']).toContain("script-src 'self'")
    expect(res.headers['content-security-policy']).toContain(
      `connect-src 'self' ws://127.0.0.1:${host.port} ws://localhost:${host.port}`,
    )
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin')
    expect(res.headers['cross-origin-embedder-policy']).toBe('credentialless')
  })

  it('serves assets with their MIME type once the cookie is set', async () => {
    const js = await get('/assets/app.js', { cookie: cookie() })
    expect(js.status).toBe(200)
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(js.body).toBe('console.log("app")')
    expect((await get('/assets/app.css', { cookie: cookie() })).headers['content-type']).toBe(
      'text/css; charset=utf-8',
    )
    expect((await get('/assets/app.js', { cookie: cookie() }, 'HEAD')).status).toBe(200)
  })

  it('answers 404 for unknown paths (no index fallback), traversal and dotfiles', async () => {
    for (const path of [
      '/files/abc',
      '/../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2f..%2f.env',
      '/.env',
      '/%zz',
    ]) {
      const res = await get(path, { cookie: cookie() })
      expect(res.status, path).toBe(404)
      expect(res.body).not.toContain('SECRET')
    }
  })

  it('refuses a foreign Host header (DNS rebinding) even with the token', async () => {
    const res = await get(`/?token=${host.token}`, { host: `evil.example:${host.port}` })
    expect(res.status).toBe(403)
    expect(res.headers['set-cookie']).toBeUndefined()
    expect((await get('/', { host: `localhost:${host.port}`, cookie: cookie() })).status).toBe(200)
  })

  it('refuses a foreign Origin and methods other than GET/HEAD', async () => {
    expect((await get('/', { cookie: cookie(), origin: 'https://evil.example' })).status).toBe(403)
    expect((await get('/', { cookie: cookie() }, 'POST')).status).toBe(405)
  })
})

function connect(options: { path?: string; headers?: Record<string, string>; origin?: string | null } = {}) {
  const origin = options.origin === undefined ? `http://127.0.0.1:${host.port}` : options.origin
  return new WebSocket(`ws://127.0.0.1:${host.port}${options.path ?? '/ipc'}`, {
    headers: options.headers ?? { cookie: cookie() },
    ...(origin === null ? {} : { origin }),
  })
}

/** Resolves with the HTTP status of a refused upgrade; fails if the socket opens or a frame arrives. */
function refusal(ws: WebSocket): Promise<number> {
  return new Promise((resolve, reject) => {
    ws.on('open', () => reject(new Error('the upgrade was accepted')))
    ws.on('message', () => reject(new Error('a frame arrived')))
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0)
      ws.terminate()
    })
    ws.on('error', () => undefined)
  })
}

describe('web host WebSocket admission', () => {
  it('refuses the upgrade without a token or with a wrong one', async () => {
    expect(await refusal(connect({ headers: {} }))).toBe(401)
    expect(await refusal(connect({ headers: { cookie: `filedock_token_${host.port}=wrong` } }))).toBe(401)
    expect(await refusal(connect({ path: '/ipc?token=wrong', headers: {} }))).toBe(401)
  })

  it('refuses a foreign or missing Origin, a foreign Host and other paths', async () => {
    expect(await refusal(connect({ origin: 'https://evil.example' }))).toBe(403)
    expect(await refusal(connect({ origin: `http://127.0.0.1:${host.port + 1}` }))).toBe(403)
    expect(await refusal(connect({ origin: null }))).toBe(403)
    expect(await refusal(connect({ headers: { cookie: cookie(), host: `evil.example:${host.port}` } }))).toBe(
      403,
    )
    expect(await refusal(connect({ path: '/other' }))).toBe(404)
  })

  it('accepts the token from the query as well as from the cookie', async () => {
    const ws = connect({
      path: `/ipc?token=${host.token}`,
      headers: {},
      origin: `http://localhost:${host.port}`,
    })
    await new Promise((resolve, reject) => {
      ws.on('open', resolve)
      ws.on('error', reject)
    })
    ws.close()
  })
})
