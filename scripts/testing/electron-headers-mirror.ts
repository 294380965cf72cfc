import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'

/**
 * Electron's headers as node-gyp fetches them (`<dist-url>/v<version>/node-v<version>-headers.tar.gz` and its
 * SHASUMS256.txt), served on loopback: this Node's own headers under the Electron version's name, so an addon
 * compiled against them loads here (Electron's own cannot be downloaded on these machines). `refuse`: a mirror
 * that has nothing (every request a 404).
 */
export async function startHeadersMirror(
  version: string,
  work: string,
  o: { refuse?: boolean } = {},
): Promise<{ url: string; requests: string[]; close(): void }> {
  const requests: string[] = []
  const headersDir = join(dirname(dirname(process.execPath)), 'include', 'node')
  if (!existsSync(join(headersDir, 'node_version.h'))) throw new Error(`no Node headers at ${headersDir}`)
  const release = join(work, 'mirror', `v${version}`)
  const tarball = `node-v${version}-headers.tar.gz`
  if (!o.refuse) {
    mkdirSync(join(work, 'stage', `node-v${version}`, 'include'), { recursive: true })
    mkdirSync(release, { recursive: true })
    const copied = spawnSync('cp', ['-r', headersDir, join(work, 'stage', `node-v${version}`, 'include')])
    if (copied.status !== 0) throw new Error(String(copied.stderr))
    const packed = spawnSync('tar', ['czf', join(release, tarball), `node-v${version}`], {
      cwd: join(work, 'stage'),
    })
    if (packed.status !== 0) throw new Error(String(packed.stderr))
    const sha = createHash('sha256')
      .update(readFileSync(join(release, tarball)))
      .digest('hex')
    writeFileSync(join(release, 'SHASUMS256.txt'), `${sha}  ${tarball}\n`)
  }
  const server = createServer((req, res) => {
    requests.push(req.url ?? '')
    const file = join(work, 'mirror', ...(req.url ?? '/').split('/').filter((p) => p !== '..'))
    if (o.refuse || !existsSync(file)) {
      res.writeHead(404).end()
      return
    }
    const body = readFileSync(file)
    res.writeHead(200, { 'content-length': body.length }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, requests, close: () => server.close() }
}
