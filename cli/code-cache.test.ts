import { execFile } from 'node:child_process'
import { cp, mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error: plain JavaScript beside bin/filedock.mjs, run by node as it is (no declarations).
import { codeCachePath } from '../bin/load-bundle.mjs'
import { type SandboxHandle, startSandbox } from '../sandbox/server.ts'
import { childEnv, ensureBuiltCli } from './testing/cli-runner.ts'

// The built command's code cache (bin/load-bundle.mjs), in a copy of bin/ and dist/cli/ of its own: the cache
// lives beside the bundle, and the other tests' runs of the real one write theirs there at the same time.
const root = fileURLToPath(new URL('..', import.meta.url))
let dir: string
let install: string
let sandbox: SandboxHandle

beforeAll(async () => {
  ensureBuiltCli()
  dir = await mkdtemp(join(tmpdir(), 'filedock-code-cache-'))
  install = join(dir, 'install')
  await mkdir(join(install, 'dist'), { recursive: true })
  await cp(join(root, 'bin'), join(install, 'bin'), { recursive: true })
  await cp(join(root, 'dist', 'cli'), join(install, 'dist', 'cli'), {
    recursive: true,
    filter: (src) => !src.includes('code-cache'),
  })
  await symlink(join(root, 'node_modules'), join(install, 'node_modules'))
  sandbox = await startSandbox({ dataDir: join(dir, 'host') })
})

afterAll(async () => {
  await sandbox?.close()
  await rm(dir, { recursive: true, force: true })
})

const cacheDir = () => join(install, 'dist', 'cli', 'code-cache')

async function filedock(args: string[]): Promise<number> {
  const env = childEnv({
    FILEDOCK_BASE_URL: sandbox.baseUrl,
    FILEDOCK_API_KEY: sandbox.apiKey,
    FILEDOCK_DATA_DIR: join(dir, 'app'),
    FILEDOCK_DATA: join(dir, 'queue'),
  })
  return promisify(execFile)(process.execPath, [join(install, 'bin', 'filedock.mjs'), ...args], { env }).then(
    () => 0,
    (e: { code: number }) => e.code,
  )
}

/** The cache files there are, each with its inode and time: a file written anew is another inode. */
async function caches(): Promise<Map<string, string>> {
  const names = await readdir(cacheDir()).catch(() => [] as string[])
  const out = new Map<string, string>()
  for (const name of names) {
    const s = await stat(join(cacheDir(), name))
    out.set(name, `${s.ino}:${s.mtimeMs}`)
  }
  return out
}

describe.sequential('the built command compiles from a code cache', () => {
  it("writes none for a run that fails; a help run writes its own, not its command's", async () => {
    expect(await filedock(['api', 'file/info'])).not.toBe(0)
    expect(await filedock(['nosuchcommand'])).not.toBe(0)
    expect(await filedock(['nosuchcommand', '--help'])).not.toBe(0)
    expect([...(await caches()).keys()]).toEqual([])
    expect(await filedock(['api', '--help'])).toBe(0)
    expect([...(await caches()).keys()]).toEqual([expect.stringMatching(/^api-help-/)])
    await rm(cacheDir(), { recursive: true })
  })

  it("writes one command's cache at the end of its first good run, and the next runs read it as it is", async () => {
    expect(await filedock(['api', 'account/info'])).toBe(0)
    const first = await caches()
    expect([...first.keys()]).toEqual([
      expect.stringMatching(new RegExp(`^api-[0-9a-f]{16}-${process.version}-${process.arch}\\.bin$`)),
    ])
    // V8 refusing the cache would have the run write it anew (another file in its place).
    expect(await filedock(['api', 'account/info'])).toBe(0)
    expect(await caches()).toEqual(first)
  })

  it('replaces a cache V8 refuses, and the run still works', async () => {
    const [name] = [...(await caches()).keys()]
    const path = join(cacheDir(), name as string)
    await writeFile(path, Buffer.alloc(4096, 7))
    const damaged = (await caches()).get(name as string)
    expect(await filedock(['api', 'account/info'])).toBe(0)
    const rewritten = (await caches()).get(name as string)
    expect(rewritten).not.toEqual(damaged)
    expect((await stat(path)).size).toBeGreaterThan(4096)
    expect(await filedock(['api', 'account/info'])).toBe(0)
    expect((await caches()).get(name as string)).toEqual(rewritten)
  })

  it('names a cache by the bundle it was made from, not only by its length as V8 checks', () => {
    const bundle = join(install, 'dist', 'cli', 'filedock.cjs')
    const a = codeCachePath(bundle, 'let a = 1', ['upload', 'x'])
    const b = codeCachePath(bundle, 'let b = 1', ['upload', 'x'])
    expect(a).not.toBeNull()
    expect(b).not.toBeNull()
    expect(a).not.toEqual(b)
    expect(codeCachePath(bundle, 'let a = 1', ['download', 'x'])).not.toEqual(a)
    expect(codeCachePath(bundle, 'let a = 1', ['upload', '--help'])).toMatch(/[/\\]upload-help-/)
    expect(codeCachePath(bundle, 'let a = 1', ['--help'])).toMatch(/[/\\]filedock-help-/)
    // A word that is no command is named like one, and its run leaves nothing (the first test): it exits 2.
    expect(codeCachePath(bundle, 'let a = 1', ['--bogus', 'x'])).toBeNull()
  })
})
