import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ApiClient } from '../../core/api/client.ts'
import { startSandbox } from '../../sandbox/server.ts'
import { createProxyResolver, parsePacResult } from './proxy.ts'

describe('parsePacResult', () => {
  it('reads Chromium proxy lists in order', () => {
    expect(parsePacResult('PROXY proxy.corp:3128; DIRECT')).toEqual([
      { kind: 'proxy', url: 'http://proxy.corp:3128' },
      { kind: 'direct' },
    ])
    expect(parsePacResult('HTTPS secure.corp:443')).toEqual([{ kind: 'proxy', url: 'https://secure.corp' }])
    expect(parsePacResult('SOCKS5 127.0.0.1:1080')).toEqual([
      { kind: 'proxy', url: 'socks5://127.0.0.1:1080' },
    ])
    expect(parsePacResult('proxy [::1]:8080')).toEqual([{ kind: 'proxy', url: 'http://[::1]:8080' }])
  })

  it('treats an empty answer and DIRECT as a direct connection', () => {
    expect(parsePacResult('')).toEqual([{ kind: 'direct' }])
    expect(parsePacResult('DIRECT')).toEqual([{ kind: 'direct' }])
  })

  it('skips entries undici cannot use or that do not parse', () => {
    expect(parsePacResult('SOCKS old.corp:1080; QUIC q.corp:443; PROXY good.corp:8080')).toEqual([
      { kind: 'proxy', url: 'http://good.corp:8080' },
    ])
    for (const junk of [
      'PROXY',
      'PROXY host',
      'PROXY host:port',
      'PROXY a b:1',
      'PROXY user@host:80',
      'PROXY h:99999',
      'FTP h:21',
    ]) {
      expect(parsePacResult(junk), junk).toEqual([{ kind: 'direct' }])
    }
  })
})

/** A minimal CONNECT proxy (what undici's ProxyAgent speaks), counting the tunnels it opened. */
async function startConnectProxy(): Promise<{ server: Server; port: number; tunnels: string[] }> {
  const tunnels: string[] = []
  const server = createServer((_req, res) => res.writeHead(405).end())
  server.on('connect', (req, client, head) => {
    tunnels.push(req.url ?? '')
    const [host, port] = (req.url ?? '').split(':')
    const upstream = connect(Number(port), host ?? '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    upstream.on('error', () => client.destroy())
    client.on('error', () => upstream.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, port: (server.address() as AddressInfo).port, tunnels }
}

describe('createProxyResolver', () => {
  it('routes API calls through the proxy Chromium names for the base URL, one agent per proxy', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'filedock-proxy-'))
    const sandbox = await startSandbox({ dataDir: dir })
    const proxy = await startConnectProxy()
    const asked: string[] = []
    const resolver = createProxyResolver({
      resolveProxy: async (url: string) => {
        asked.push(url)
        return `SOCKS old.corp:1; PROXY 127.0.0.1:${proxy.port}; DIRECT`
      },
    })
    try {
      const dispatcher = await resolver(sandbox.baseUrl)
      expect(dispatcher).toBeDefined()
      expect(await resolver(`${sandbox.baseUrl}/other`)).toBe(dispatcher)
      const client = new ApiClient({
        baseUrl: sandbox.baseUrl,
        apiKey: sandbox.apiKey,
        ...(dispatcher ? { dispatcher } : {}),
      })
      expect((await client.accountInfo()).email).toBe('demo@sandbox.local')
      expect(proxy.tunnels).toEqual([new URL(sandbox.baseUrl).host])
      expect(asked[0]).toBe(sandbox.baseUrl)
    } finally {
      await resolver.close()
      proxy.server.close()
      await sandbox.close()
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('connects directly when Chromium says DIRECT or resolution fails', async () => {
    const direct = createProxyResolver({ resolveProxy: async () => 'DIRECT' })
    expect(await direct('https://files.example.com')).toBeUndefined()
    const broken = createProxyResolver({ resolveProxy: async () => Promise.reject(new Error('no session')) })
    expect(await broken('https://files.example.com')).toBeUndefined()
  })
})
