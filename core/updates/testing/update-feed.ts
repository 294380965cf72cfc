import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface UpdateFeed {
  /** The feed's base URL, as electron-builder.yml's `publish.url` names the real one. */
  url: string
  /** Paths asked for, query strings left out, in order. */
  requests: string[]
  close(): Promise<void>
}

export interface FeedRelease {
  version: string
  /** The Linux AppImage of that version. */
  file: { name: string; body: Buffer }
  /** The sha512 the feed publishes; the file's own unless a test damages it. */
  sha512?: string
}

export function sha512Base64(body: Buffer): string {
  return createHash('sha512').update(body).digest('base64')
}

/**
 * An update server on loopback laid out as `npm run dist` leaves release/ for a generic provider: the channel
 * file electron-builder writes for Linux (latest-linux.yml: version, files with sha512 and size) beside the file.
 */
export async function serveUpdateFeed(release: FeedRelease): Promise<UpdateFeed> {
  const requests: string[] = []
  const sha512 = release.sha512 ?? sha512Base64(release.file.body)
  const channel = [
    `version: ${release.version}`,
    'files:',
    `  - url: ${release.file.name}`,
    `    sha512: ${sha512}`,
    `    size: ${release.file.body.length}`,
    `path: ${release.file.name}`,
    `sha512: ${sha512}`,
    "releaseDate: '2026-11-20T10:00:00.000Z'",
    '',
  ].join('\n')
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://feed').pathname
    requests.push(path)
    // latest-linux.yml on x64, latest-linux-arm64.yml on arm64 (the architecture of the machine running the test).
    if (/^\/latest-linux(-\w+)?\.yml$/.test(path)) {
      res.writeHead(200, { 'content-type': 'text/yaml' }).end(channel)
    } else if (path === `/${release.file.name}`) {
      res.writeHead(200, { 'content-length': release.file.body.length }).end(release.file.body)
    } else {
      res.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
