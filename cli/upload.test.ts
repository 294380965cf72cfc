import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { mkdir, readFile, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { type AddressInfo, createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../core/api/client.ts'
import { type SandboxHandle, startSandbox } from '../sandbox/server.ts'
import { bin, childEnv, jsonLines, runCli, runHere } from './testing/cli-runner.ts'
import { hostClient, treeOf, writeTree } from './testing/host.ts'

const dir = mkdtempSync(join(tmpdir(), 'filedock-cli-upload-'))
let sandbox: SandboxHandle
let client: ApiClient
let remoteHost: Server
let remoteBase: string
const remoteBody = randomBytes(50_000)

beforeAll(async () => {
  sandbox = await startSandbox({ dataDir: join(dir, 'sandbox') })
  client = hostClient(sandbox.baseUrl, sandbox.apiKey)
  await writeTree(join(dir, 'src'), {
    'album/a.txt': 'aaa',
    'album/2024/b.txt': 'bbbb',
    'album/2024/deep/c.txt': 'ccccc',
    'album/zero.bin': '',
    'solo.txt': 'solo!',
    'one.md': 'markdown me',
  })
  await mkdir(join(dir, 'src/album/empty'))
  remoteHost = createServer((req, res) => {
    if (req.url !== '/files/remote.bin') return void res.writeHead(404).end()
    res.writeHead(200, { 'content-length': remoteBody.length }).end(remoteBody)
  })
  await new Promise<void>((resolve) => remoteHost.listen(0, '127.0.0.1', resolve))
  remoteBase = `http://127.0.0.1:${(remoteHost.address() as AddressInfo).port}`
})

afterAll(async () => {
  await client.close()
  await sandbox.close()
  await new Promise((resolve) => remoteHost.close(resolve))
  await rm(dir, { recursive: true, force: true })
})

/** The sandbox's account from the environment; the app's data folder is a temp one, never the user's. */
const env = (extra: Record<string, string | undefined> = {}) => ({
  FILEDOCK_BASE_URL: sandbox.baseUrl,
  FILEDOCK_API_KEY: sandbox.apiKey,
  FILEDOCK_DATA_DIR: join(dir, 'app'),
  FILEDOCK_DATA: undefined,
  ...extra,
})
const src = (rel: string) => join(dir, 'src', rel)
const data = (name: string) => join(dir, 'data', name)

describe.concurrent('filedock upload / remote on the upload queue', () => {
  it('mirrors a folder tree, prints a JSON line per file and the link pack, reports an empty file', async () => {
    const { fldId } = await client.folderCreate('Target')
    const r = await runCli(
      ['upload', src('album'), src('solo.txt'), '--fld_id', String(fldId), '--json', '--data', data('tree')],
      env(),
    )
    expect(r.stderr).toMatch(/zero\.bin: This file is empty \(0 bytes\)/)
    expect(r.code, r.stderr).toBe(9)
    expect(r.stderr).toMatch(/4 uploaded, 0 failed, 1 left out/)
    expect(r.stdout + r.stderr).not.toContain(sandbox.apiKey)

    const lines = jsonLines(r.stdout)
    const files = lines.slice(0, -1)
    expect(files.map((l) => l.relPath).sort()).toEqual([
      'album/2024/b.txt',
      'album/2024/deep/c.txt',
      'album/a.txt',
      'solo.txt',
    ])
    for (const l of files) {
      expect(l).toMatchObject({ state: 'done', link: `${sandbox.baseUrl}/${l.fileCode}` })
    }
    expect(files.find((l) => l.relPath === 'solo.txt')).toMatchObject({
      path: src('solo.txt'),
      size: 5,
      fldId,
    })
    expect(await treeOf(client, fldId)).toEqual([
      'album/',
      'album/2024/',
      'album/2024/b.txt',
      'album/2024/deep/',
      'album/2024/deep/c.txt',
      'album/a.txt',
      'album/empty/',
      'solo.txt',
    ])
    const pack = lines.at(-1) as { linkPack: string; format: string; files: number }
    expect(pack).toMatchObject({ format: 'page', files: 4 })
    expect(pack.linkPack.split('\n').sort()).toEqual(files.map((l) => l.link).sort())
  })

  it('prints the link pack in --format on stdout and records the history', async () => {
    // A folder of its own: the tests run at once, and a file already in its folder is not sent again.
    const fld = String((await client.folderCreate('Formats')).fldId)
    const r = await runHere(
      ['upload', src('one.md'), '--format', 'markdown', '--fld_id', fld, '--data', data('md')],
      env(),
    )
    expect([r.code, r.stderr]).toEqual([0, ''])
    expect(r.stdout).toMatch(new RegExp(`^- \\[one\\.md\\]\\(${sandbox.baseUrl}/[a-z0-9]{12}\\)\\n$`))
    const history = (await readFile(join(data('md'), 'history', 'history.jsonl'), 'utf8')).trim().split('\n')
    expect(history).toHaveLength(1)
    expect(JSON.parse(history[0] as string)).toMatchObject({ name: 'one.md', size: 11, relPath: 'one.md' })

    // direct: each file's file/direct_link, which downloads the file.
    const d = await runHere(
      ['upload', src('album/a.txt'), '--format', 'direct', '--fld_id', fld, '--data', data('md')],
      env(),
    )
    expect([d.code, d.stderr]).toEqual([0, ''])
    expect(d.stdout).toMatch(new RegExp(`^${sandbox.baseUrl}/d/\\S+/a\\.txt\\n$`))
    expect(await (await fetch(d.stdout.trim())).text()).toBe('aaa')
  })

  it('remote: the host fetches a URL into the folder, through the same queue', async () => {
    const { fldId } = await client.folderCreate('Remote')
    const url = `${remoteBase}/files/remote.bin`
    const r = await runHere(
      ['remote', url, '--fld_id', String(fldId), '--json', '--data', data('remote')],
      env(),
    )
    expect(r.code, r.stderr).toBe(0)
    const [line, pack] = jsonLines(r.stdout)
    expect(line).toMatchObject({ state: 'done', path: url, size: remoteBody.length, fldId })
    expect(pack).toMatchObject({ linkPack: line?.link, files: 1 })
    const listed = await client.folderList(fldId)
    expect(listed.files.map((f) => [f.name, f.fileCode])).toEqual([['remote.bin', line?.fileCode]])
  })

  it('draws a progress bar on a terminal (stderr)', async () => {
    const cmd = [process.execPath, bin, 'upload', src('solo.txt'), '--data', data('tty')]
    const out = await new Promise<string>((resolve, reject) =>
      execFile(
        'script',
        ['-qec', cmd.map((a) => `'${a}'`).join(' '), '/dev/null'],
        { env: childEnv({ ...env(), COLUMNS: '100' }), timeout: 30_000 },
        (err, stdout) => (err ? reject(err) : resolve(stdout)),
      ),
    )
    expect(out).toMatch(/\[[#-]+\] +\d+% +[\d.]+ [KMG]?B \/ [\d.]+ [KMG]?B .* ETA [\d:-]+ +\d\/1 done/)
    expect(out).toMatch(new RegExp(`${sandbox.baseUrl}/[a-z0-9]{12}`))
  })

  it('a rejected key stops the run (exit 3); the uploads stay queued and finish once the key is right', async () => {
    const bad = await runCli(
      ['upload', src('album/a.txt'), '--data', data('auth')],
      env({ FILEDOCK_API_KEY: 'wrongkey1234' }),
    )
    expect(bad.code, bad.stderr).toBe(3)
    expect(bad.stderr).toMatch(/API key/)
    expect(bad.stderr).toMatch(/1 upload stays in the queue/)
    expect(bad.stderr).not.toContain('wrongkey1234')
    const good = await runHere(['upload', '--data', data('auth'), '--json'], env())
    expect(good.code, good.stderr).toBe(0)
    expect(jsonLines(good.stdout)[0]).toMatchObject({ state: 'done', relPath: 'a.txt', size: 3 })
  })

  it('a failed upload: reported on stderr and as a JSON line, exit 9', async () => {
    await writeTree(join(dir, 'doomed'), { 'gone.txt': 'soon gone' })
    const args = ['upload', '--json', '--data', data('failed')]
    const queued = await runHere(
      [...args, join(dir, 'doomed', 'gone.txt')],
      env({ FILEDOCK_API_KEY: 'wrongkey5678' }),
    )
    expect(queued.code, queued.stderr).toBe(3)
    await rm(join(dir, 'doomed', 'gone.txt'))
    const r = await runHere(args, env())
    expect(r.code, r.stderr).toBe(9)
    expect(r.stderr).toMatch(/filedock: gone\.txt: .*gone\.txt was deleted or moved after it was queued/)
    expect(r.stderr).toMatch(
      /0 uploaded, 1 failed\. Failed uploads stay in the queue: retry them with --retry-failed/,
    )
    expect(jsonLines(r.stdout)[0]).toMatchObject({
      state: 'failed',
      relPath: 'gone.txt',
      error: { kind: 'invalid_input', message: expect.stringMatching(/deleted or moved/) },
    })
  })

  it('an unreachable host: gives up after --offline-wait, exit 5, the upload stays queued', async () => {
    const port = await freePort()
    const r = await runHere(
      [
        'upload',
        src('solo.txt'),
        '--base-url',
        `http://127.0.0.1:${port}`,
        '--offline-wait',
        '0',
        '--data',
        data('offline'),
      ],
      env(),
    )
    expect(r.code, r.stderr).toBe(5)
    expect(r.stderr).toMatch(/warning: .*free space of the account could not be checked/)
    expect(r.stderr).toMatch(
      /could not be reached for 0 s \(see --offline-wait\); 1 upload stays in the queue/,
    )
  })

  it.each<[string, string[], number, RegExp]>([
    [
      'nothing could be queued',
      ['upload', '/nonexistent/filedock/missing.bin'],
      2,
      /missing\.bin: Nothing is at this path/,
    ],
    ['no paths and nothing left in the queue', ['upload'], 2, /Nothing to do/],
    ['an unknown format', ['upload', src('solo.txt'), '--format', 'pdf'], 2, /--format must be one of/],
    ['an invalid URL', ['remote', 'ftp://example.com/x'], 2, /not an http/],
  ])('%s', async (what, args, code, pattern) => {
    const r = await runHere([...args, '--data', data(`codes-${what.replace(/\W+/g, '-')}`)], env())
    expect(r.code, r.stderr).toBe(code)
    expect(r.stderr).toMatch(pattern)
    expect(r.stdout).toBe('')
  })
})

async function freePort(): Promise<number> {
  const srv = createNetServer()
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r))
  const { port } = srv.address() as AddressInfo
  await new Promise((r) => srv.close(r))
  return port
}
