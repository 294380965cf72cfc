import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setSecurityHeaders } from '../../web/headers.ts'
import { APP_INDEX_URL, APP_SCHEME_PRIVILEGES, installAppProtocol, serveRenderer } from './app-protocol.ts'

let root: string

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'filedock-protocol-'))
  await mkdir(join(root, 'assets'))
  await writeFile(
    join(root, 'index.html'),
    '<!doctype html><script type="module" src="./assets/app.js"></script>',
  )
  await writeFile(join(root, 'assets', 'app.js'), 'console.log(1)')
  await writeFile(join(root, '..', 'secret.txt'), 'outside').catch(() => undefined)
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

const get = (url: string, method = 'GET') => serveRenderer({ url, method }, root)

/** The headers the browser host sends with its pages, read off a stand-in response. */
function browserHostHeaders(): Record<string, string> {
  const headers: Record<string, string> = {}
  setSecurityHeaders(
    { setHeader: (n: string, v: string) => (headers[n] = v) } as unknown as ServerResponse,
    4242,
  )
  return headers
}

describe('the filedock://app protocol', () => {
  it('serves the built renderer with the browser host’s page headers: cross-origin isolated, same policy', async () => {
    const page = await get(APP_INDEX_URL)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await page.text()).toContain('./assets/app.js')
    const web = browserHostHeaders()
    for (const [name, value] of Object.entries(web)) {
      // The browser host adds its own WebSocket origins to connect-src; the window connects nowhere.
      const expected =
        name === 'Content-Security-Policy'
          ? value.replace(/ ws:\/\/127\.0\.0\.1:4242 ws:\/\/localhost:4242/, '')
          : value
      expect(page.headers.get(name), name).toBe(expected)
    }
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin')
    expect(page.headers.get('cross-origin-embedder-policy')).toBe('credentialless')
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")

    const script = await get('filedock://app/assets/app.js')
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(await script.text()).toBe('console.log(1)')
    expect((await get('filedock://app/assets/app.js', 'HEAD')).status).toBe(200)
  })

  it('answers nothing outside the renderer folder, on another host, or for other methods', async () => {
    for (const url of [
      'filedock://app/../secret.txt',
      'filedock://app/%2e%2e/secret.txt',
      'filedock://app/assets/missing.js',
      'filedock://app/.hidden',
      'filedock://other/index.html',
    ]) {
      const answer = await get(url)
      expect(answer.status, url).toBe(404)
      expect(answer.headers.get('content-security-policy'), url).toContain("default-src 'self'")
    }
    expect((await get(APP_INDEX_URL, 'POST')).status).toBe(405)
  })

  it('is registered as a standard, secure scheme and handled in the session', async () => {
    expect(APP_SCHEME_PRIVILEGES).toEqual({
      scheme: 'filedock',
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    })
    const handlers = new Map<string, (request: Request) => Promise<Response>>()
    installAppProtocol({ handle: (scheme, handler) => handlers.set(scheme, handler as never) }, root)
    const answer = await handlers.get('filedock')?.(new Request('filedock://app/index.html'))
    expect(answer?.status).toBe(200)
  })
})
