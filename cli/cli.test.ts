import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SandboxHandle, startSandbox } from '../sandbox/server.ts'
import { runCli, runHere } from './testing/cli-runner.ts'

let dir: string
let sandbox: SandboxHandle

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-cli-'))
  sandbox = await startSandbox({ dataDir: join(dir, 'data'), seedFiles: 3 })
  await writeFile(join(dir, 'a.txt'), 'hello a')
  await writeFile(join(dir, 'b.txt'), 'hello bb')
})

afterAll(async () => {
  await sandbox.close()
  await rm(dir, { recursive: true, force: true })
})

type Env = Record<string, string | undefined>

/** The sandbox's address and key, and temp data folders (never the user's own). */
function envOf(extra: Env): Env {
  return {
    FILEDOCK_BASE_URL: sandbox.baseUrl,
    FILEDOCK_API_KEY: sandbox.apiKey,
    FILEDOCK_DATA_DIR: join(dir, 'app'),
    FILEDOCK_DATA: join(dir, 'queue'),
    ...extra,
  }
}

/** run() in this process: most cases need no process of their own. */
const cli = (args: string[], env: Env = {}) => runHere(args, envOf(env))
/** The real CLI in a child process (bin/filedock.mjs): the wiring of exit codes and streams. */
const spawned = (args: string[], env: Env = {}) => runCli(args, envOf(env))

type Run = Awaited<ReturnType<typeof cli>>

function expectNoKey(r: Run) {
  expect(r.stdout).not.toContain(sandbox.apiKey)
  expect(r.stderr).not.toContain(sandbox.apiKey)
}

describe.concurrent('filedock CLI against the sandbox', () => {
  it('--help documents commands, environment and exit codes', async () => {
    const r = await spawned(['--help'])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/FILEDOCK_API_KEY/)
    expect(r.stdout).toMatch(/Exit codes:[\s\S]*\b3\s+API key/)
  })

  it('api --help lists the 17 operations with their parameters', async () => {
    const r = await cli(['api', '--help'])
    expect(r.code).toBe(0)
    const rows = r.stdout.split('\n').filter((l) => /^\s+\d+\s+[a-z_]+\/[a-z_]+/.test(l))
    expect(rows).toHaveLength(17)
    expect(r.stdout).toContain('file/rename --file_code FILE_CODE --name NAME')
  })

  it('api account/info prints the normalised result as JSON', async () => {
    const r = await spawned(['api', 'account/info'])
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({ email: 'demo@sandbox.local', storageLeft: 'unlimited' })
    expectNoKey(r)
  })

  it('upload with --fld_id, then rename, info, files/check with repeated --url', async () => {
    const folder = JSON.parse((await cli(['api', 'folder/create', '--name', 'CLI'])).stdout) as {
      fldId: number
    }
    const up = await cli([
      'upload',
      join(dir, 'a.txt'),
      join(dir, 'b.txt'),
      '--fld_id',
      String(folder.fldId),
      '--json',
      '--data',
      join(dir, 'q-upload'),
    ])
    expect(up.code, up.stderr).toBe(0)
    const lines = up.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((l) => l.state === 'done')
      .sort((x, y) => x.path.localeCompare(y.path))
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatchObject({ path: join(dir, 'a.txt'), size: 7 })
    expect(lines[0].link).toBe(`${sandbox.baseUrl}/${lines[0].fileCode}`)
    const listed = JSON.parse((await cli(['api', 'folder/list', '--fld_id', String(folder.fldId)])).stdout)
    expect(listed.files.map((f: { fileCode: string }) => f.fileCode).sort()).toEqual(
      lines.map((l) => l.fileCode).sort(),
    )

    const ren = await cli(['api', 'file/rename', '--file_code', lines[0].fileCode, '--name', 'renamed.txt'])
    expect([ren.code, ren.stdout.trim()]).toEqual([0, 'true'])
    const info = JSON.parse(
      (await cli(['api', 'file/info', '--file_code', lines[0].fileCode, '--file_code', lines[1].fileCode]))
        .stdout,
    )
    expect(info.map((i: { name: string }) => i.name)).toEqual(['renamed.txt', 'b.txt'])

    const check = await cli([
      'api',
      'files/check',
      '--url',
      lines[0].link,
      '--url',
      `${sandbox.baseUrl}/zzzzzzzzzzzz`,
    ])
    expect(check.code).toBe(0)
    expect(JSON.parse(check.stdout)).toEqual([
      { url: lines[0].link, found: true, fileSize: 7 },
      { url: `${sandbox.baseUrl}/zzzzzzzzzzzz`, found: false, fileSize: 0 },
    ])
  })

  it('--base-url overrides the environment', async () => {
    const r = await cli(['api', 'folder/list', '--base-url', sandbox.baseUrl], {
      FILEDOCK_BASE_URL: 'http://127.0.0.1:9',
    })
    expect(r.code).toBe(0)
  })
})

describe.concurrent('exit codes', () => {
  it.each<[string, string[], Record<string, string | undefined>, number, RegExp]>([
    ['unknown operation', ['api', 'file/nope'], {}, 2, /Unknown operation/],
    ['unknown command', ['frobnicate'], {}, 2, /Unknown command/],
    ['missing parameter', ['api', 'file/rename', '--file_code', 'abcdefghijkl'], {}, 2, /needs --name/],
    ['unknown flag', ['api', 'file/clone', '--file_code', 'abcdefghijkl', '--bogus', '1'], {}, 2, /bogus/],
    ['non-integer folder id', ['api', 'folder/list', '--fld_id', 'x'], {}, 2, /whole number/],
    ['invalid file code', ['api', 'file/direct_link', '--file_code', 'no!'], {}, 2, /file code/i],
    [
      'both forms of upload/url',
      ['api', 'upload/url', '--url', 'http://x/y', '--file_code', 'abcdefghijkl'],
      {},
      2,
      /form/,
    ],
    ['a key flag', ['api', 'account/info', '--key', 'abc'], {}, 2, /FILEDOCK_API_KEY/],
    ['a missing file to upload', ['upload', '/nonexistent/file.bin'], {}, 2, /Nothing is at this path/],
    ['no base URL', ['api', 'account/info'], { FILEDOCK_BASE_URL: undefined }, 2, /--base-url/],
    ['no key', ['api', 'account/info'], { FILEDOCK_API_KEY: undefined }, 3, /FILEDOCK_API_KEY/],
    [
      'a wrong key',
      ['api', 'account/info'],
      { FILEDOCK_API_KEY: 'not-the-key-123' },
      3,
      /rejected the API key/,
    ],
    ['an unknown file', ['api', 'file/direct_link', '--file_code', 'zzzzzzzzzzzz'], {}, 4, /could not find/],
  ])('%s', async (_what, args, env, code, pattern) => {
    const r = await cli(args, env)
    expect(r.code).toBe(code)
    expect(r.stderr).toMatch(pattern)
    expect(r.stdout).toBe('')
    expectNoKey(r)
    expect(r.stderr).not.toContain('not-the-key-123')
  })

  it('a failure in a child process: message on stderr, its exit code', async () => {
    const r = await spawned(['api', 'account/info'], { FILEDOCK_API_KEY: 'not-the-key-123' })
    expect([r.code, r.stdout]).toEqual([3, ''])
    expect(r.stderr).toMatch(/^filedock: .*rejected the API key/)
    expect(r.stderr).not.toContain('not-the-key-123')
  })

  it('network failure → 5', async () => {
    const port = await freePort()
    const r = await cli(['api', 'account/info', '--base-url', `http://127.0.0.1:${port}`])
    expect(r.code).toBe(5)
    expect(r.stderr).toMatch(/connection refused/)
    expectNoKey(r)
  })
})

async function freePort(): Promise<number> {
  const srv = createServer()
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r))
  const { port } = srv.address() as { port: number }
  await new Promise((r) => srv.close(r))
  return port
}
