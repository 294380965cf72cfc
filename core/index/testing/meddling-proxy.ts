import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the proxy does to file/list answers of the whole account (no fld_id); null: pass through. */
export type Meddle = (page: number, body: string, count: number) => string | null

export interface MeddlingProxy {
  baseUrl: string
  /** How often each page of file/list was asked for. */
  asked: Map<number, number>
  close(): Promise<void>
}

/**
 * A host that misbehaves on purpose: forwards every request to the sandbox, and lets a test rewrite the answer to
 * file/list pages (garbage, another page's rows, a different results_total).
 */
export async function startMeddlingProxy(target: string, meddle: Meddle): Promise<MeddlingProxy> {
  const asked = new Map<number, number>()
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', target)
    const answer = await fetch(url)
    let body = await answer.text()
    if (url.pathname === '/api/file/list' && !url.searchParams.has('fld_id')) {
      const page = Number(url.searchParams.get('page') ?? '1')
      const count = (asked.get(page) ?? 0) + 1
      asked.set(page, count)
      const replaced = meddle(page, body, count)
      if (replaced !== null) body = replaced
    }
    res.writeHead(answer.status, { 'content-type': 'application/json' })
    res.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
