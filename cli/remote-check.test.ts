import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../core/api/client.ts'
import { type SandboxHandle, startSandbox } from '../sandbox/server.ts'
import { jsonLines, runHere } from './testing/cli-runner.ts'
import { hostClient } from './testing/host.ts'

/** `filedock remote` checks each URL from this computer before the host is asked to fetch it. */
const dir = mkdtempSync(join(tmpdir(), 'filedock-cli-remote-check-'))
let sandbox: SandboxHandle
let client: ApiClient
let web: Server
let base: string
let refused: string
const body = randomBytes(20_000)
/** The requests the web server was asked, as `METHOD /path`. */
const asked: string[] = []

beforeAll(async () => {
  sandbox = await startSandbox({ dataDir: join(dir, 'sandbox') })
  client = hostClient(sandbox.baseUrl, sandbox.apiKey)
  web = createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`)
    if (req.url === '/good.bin') return void res.writeHead(200, { 'content-length': body.length }).end(body)
    if (req.url === '/download-page')
      return void res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<html><a href="/good.bin">get</a></html>')
    res.writeHead(404).end()
  })
  await new Promise<void>((r) => web.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(web.address() as AddressInfo).port}`
  const gone = createServer()
  await new Promise<void>((r) => gone.listen(0, '127.0.0.1', r))
  refused = `http://127.0.0.1:${(gone.address() as AddressInfo).port}/x.iso`
  await new Promise((r) => gone.close(r))
})

afterAll(async () => {
  await client.close()
  await sandbox.close()
  await new Promise((r) => web.close(r))
  await rm(dir, { recursive: true, force: true })
})

const env = () => ({
  FILEDOCK_BASE_URL: sandbox.baseUrl,
  FILEDOCK_API_KEY: sandbox.apiKey,
  FILEDOCK_DATA_DIR: join(dir, 'app'),
  FILEDOCK_DATA: undefined,
})

describe('filedock remote: URLs checked before they are sent', () => {
  it('refuses dead URLs and skips a web page at once, sends the file; a re-run does the same', async () => {
    const { fldId } = await client.folderCreate('Checked')
    const args = [
      'remote',
      `${base}/missing.iso`,
      refused,
      `${base}/download-page`,
      `${base}/good.bin`,
      '--fld_id',
      String(fldId),
      '--json',
      '--data',
      join(dir, 'data-1'),
    ]
    for (const round of [1, 2]) {
      asked.length = 0
      const r = await runHere(args, env())
      expect(r.code, r.stderr).toBe(9)
      // At once: each URL checked by one request, none retried; only the good one fetched by the host.
      expect(asked.sort(), `round ${round}`).toEqual([
        'GET /good.bin',
        'HEAD /download-page',
        'HEAD /good.bin',
        'HEAD /missing.iso',
      ])
      expect(r.stderr).toContain(
        `${base}/missing.iso: The server says there is no such file (404 Not Found).`,
      )
      expect(r.stderr).toMatch(/x\.iso: Nothing answers at 127\.0\.0\.1:\d+ \(the connection was refused\)\./)
      expect(r.stderr).toContain(
        `${base}/download-page: This is a web page, not a file: the host would store the page itself`,
      )
      expect(r.stderr).toContain('--allow-html sends it anyway.')
      expect(r.stderr).not.toMatch(/upload\/url/)
      const [line] = jsonLines(r.stdout)
      expect(line).toMatchObject({ state: 'done', path: `${base}/good.bin`, size: body.length })
    }
    const names = (await client.folderList(fldId)).files.map((f) => f.name)
    expect(names).toEqual(['good.bin', 'good.bin'])
  })

  it('--allow-html sends the web page; --no-probe sends without checking', async () => {
    const { fldId } = await client.folderCreate('Pages')
    const common = ['--fld_id', String(fldId), '--json']
    const allowed = await runHere(
      ['remote', `${base}/download-page`, '--allow-html', ...common, '--data', join(dir, 'data-2')],
      env(),
    )
    expect(allowed.code, allowed.stderr).toBe(0)
    const unchecked = await runHere(
      ['remote', `${base}/download-page`, '--no-probe', ...common, '--data', join(dir, 'data-3')],
      env(),
    )
    expect(unchecked.code, unchecked.stderr).toBe(0)
    expect(unchecked.stderr).not.toContain('web page')
    expect((await client.folderList(fldId)).files.map((f) => f.name)).toEqual([
      'download-page',
      'download-page',
    ])
  })

  it('--dry-run checks the URLs and says what would be sent, asking nothing of the host', async () => {
    const before = (await client.fileList({ perPage: 1000 })).files.map((f) => f.fileCode).sort()
    const args = ['remote', `${base}/good.bin`, `${base}/download-page`, `${base}/missing.iso`, '--dry-run']
    const r = await runHere([...args, '--json', '--data', join(dir, 'data-dry')], env())
    expect(r.code, r.stderr).toBe(9)
    expect(jsonLines(r.stdout).map((l) => [l.plan ?? 'summary', l.path ?? l.send])).toEqual([
      ['send', `${base}/good.bin`],
      ['problem', `${base}/download-page`],
      ['problem', `${base}/missing.iso`],
      ['summary', 1],
    ])
    const text = await runHere([...args, '--allow-html'], env())
    expect(text.stdout).toContain(`To send (2 URLs):\n  ${base}/good.bin  (20 KB)\n  ${base}/download-page\n`)
    expect((await client.fileList({ perPage: 1000 })).files.map((f) => f.fileCode).sort()).toEqual(before)
  })

  it('refuses the URL-only flags on upload, and a fetch time-out under a minute', async () => {
    const html = await runHere(['upload', join(dir, 'nothing'), '--allow-html'], env())
    expect(html.code).toBe(2)
    expect(html.stderr).toContain('--allow-html is for filedock remote.')
    const short = await runHere(['remote', `${base}/good.bin`, '--fetch-timeout', '0'], env())
    expect(short.code).toBe(2)
    expect(short.stderr).toContain('--fetch-timeout must be at least 1 minute.')
  })
})
