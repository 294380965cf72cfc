import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type SandboxHandle, startSandbox } from '../sandbox/server.ts'
import { bundleHash, codeCachePath, hashStampPath } from './code-cache.ts'
import { childEnv, ensureBuiltCli } from './testing/cli-runner.ts'

// The built command's code cache (cli/code-cache.ts), run from a copy of bin/ and dist/cli/ of its own (with their
// files' times, as an install keeps them), with a cache folder of its own named by FILEDOCK_CACHE_DIR.
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
    preserveTimestamps: true,
  })
  await symlink(join(root, 'node_modules'), join(install, 'node_modules'))
  sandbox = await startSandbox({ dataDir: join(dir, 'host') })
})

afterAll(async () => {
  await sandbox?.close()
  await rm(dir, { recursive: true, force: true })
})

const cacheRoot = () => join(dir, 'cache')
const cacheDir = () => join(cacheRoot(), 'code-cache')
const bundle = () => join(install, 'dist', 'cli', 'filedock.cjs')

interface Run {
  code: number
  stdout: string
}

async function filedock(args: string[], cache = cacheRoot()): Promise<Run> {
  const env = childEnv({
    FILEDOCK_BASE_URL: sandbox.baseUrl,
    FILEDOCK_API_KEY: sandbox.apiKey,
    FILEDOCK_DATA_DIR: join(dir, 'app'),
    FILEDOCK_DATA: join(dir, 'queue'),
    FILEDOCK_CACHE_DIR: cache,
  })
  return promisify(execFile)(process.execPath, [join(install, 'bin', 'filedock.mjs'), ...args], { env }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
  )
}

const exitOf = async (args: string[]) => (await filedock(args)).code

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

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 16)

describe.sequential('the built command compiles from a code cache', () => {
  it("writes none for a run that fails; a help run writes its own, not its command's", async () => {
    expect(await exitOf(['api', 'file/info'])).not.toBe(0)
    expect(await exitOf(['nosuchcommand'])).not.toBe(0)
    expect(await exitOf(['nosuchcommand', '--help'])).not.toBe(0)
    expect([...(await caches()).keys()]).toEqual([])
    expect(await exitOf(['api', '--help'])).toBe(0)
    expect([...(await caches()).keys()]).toEqual([expect.stringMatching(/^api-help-/)])
    await rm(cacheDir(), { recursive: true })
  })

  it("writes one command's cache in the user's cache folder at the end of its first good run; the next runs read it as it is", async () => {
    expect(await exitOf(['api', 'account/info'])).toBe(0)
    const first = await caches()
    const hash = (await readFile(hashStampPath(bundle()), 'utf8')).trim()
    expect([...first.keys()]).toEqual([`api-${hash}-${process.version}-${process.arch}.bin`])
    // V8 refusing the cache would have the run write it anew (another file in its place).
    expect(await exitOf(['api', 'account/info'])).toBe(0)
    expect(await caches()).toEqual(first)
  })

  it('replaces a cache V8 refuses, and the run still works', async () => {
    const [name] = [...(await caches()).keys()]
    const path = join(cacheDir(), name as string)
    await writeFile(path, Buffer.alloc(4096, 7))
    const damaged = (await caches()).get(name as string)
    expect(await exitOf(['api', 'account/info'])).toBe(0)
    const rewritten = (await caches()).get(name as string)
    expect(rewritten).not.toEqual(damaged)
    expect((await stat(path)).size).toBeGreaterThan(4096)
    expect(await exitOf(['api', 'account/info'])).toBe(0)
    expect((await caches()).get(name as string)).toEqual(rewritten)
  })

  it('names a cache by the bundle it was made from, not only by its length as V8 checks', () => {
    const a = codeCachePath(cacheDir(), '0123456789abcdef', ['upload', 'x'])
    const b = codeCachePath(cacheDir(), 'fedcba9876543210', ['upload', 'x'])
    expect(a).not.toBeNull()
    expect(b).not.toBeNull()
    expect(a).not.toEqual(b)
    expect(codeCachePath(cacheDir(), '0123456789abcdef', ['download', 'x'])).not.toEqual(a)
    expect(codeCachePath(cacheDir(), '0123456789abcdef', ['upload', '--help'])).toMatch(/[/\\]upload-help-/)
    expect(codeCachePath(cacheDir(), '0123456789abcdef', ['--help'])).toMatch(/[/\\]filedock-help-/)
    // A word that is no command is named like one, and its run leaves nothing (the first test): it exits 2.
    expect(codeCachePath(cacheDir(), '0123456789abcdef', ['--bogus', 'x'])).toBeNull()
  })
})

describe("the bundle's hash", () => {
  it('is written by the build beside the bundle, and a start takes it from there while the bundle is not newer', async () => {
    const built = join(root, 'dist', 'cli', 'filedock.cjs')
    const bytes = await readFile(built)
    expect((await readFile(hashStampPath(built), 'utf8')).trim()).toBe(sha(bytes))
    // Another stamp's hash is taken as it is: the start hashes nothing.
    const stamp = { hash: 'ffffffffffffffff', mtimeMs: 2000 }
    expect(bundleHash(stamp, bytes, 2000)).toBe('ffffffffffffffff')
    expect(bundleHash(stamp, bytes, 1000)).toBe('ffffffffffffffff')
    // A bundle newer than its stamp (edited after the build), or without one, is hashed.
    expect(bundleHash(stamp, bytes, 2001)).toBe(sha(bytes))
    expect(bundleHash(null, bytes, 0)).toBe(sha(bytes))
  })

  it("names the command's cache by the stamp's hash as it is: the start hashes nothing", async () => {
    const stampPath = hashStampPath(bundle())
    const stamp = await readFile(stampPath)
    const { mtime } = await stat(stampPath)
    // Another hash than the bundle's, written after it: taken as the build's word.
    await writeFile(stampPath, 'aaaaaaaaaaaaaaaa\n')
    const cache = join(dir, 'stamp-cache')
    try {
      expect((await filedock(['api', '--help'], cache)).code).toBe(0)
      expect(await readdir(join(cache, 'code-cache'))).toEqual([
        `api-help-aaaaaaaaaaaaaaaa-${process.version}-${process.arch}.bin`,
      ])
    } finally {
      await writeFile(stampPath, stamp)
      await utimes(stampPath, mtime, mtime)
      await rm(cache, { recursive: true, force: true })
    }
  })
})

describe.sequential('a bundle edited after its build', () => {
  beforeEach(async () => {
    await rm(cacheRoot(), { recursive: true, force: true })
  })

  it('runs its own code, never the cache of the bundle it replaced (V8 takes a cache of the same length)', async () => {
    const before = await filedock(['api', '--help'])
    expect(before.stdout).toContain('account statistics')
    const [old] = [...(await caches()).keys()]
    // The same length, so V8's own check (the source's length) would take the old cache.
    const source = await readFile(bundle(), 'utf8')
    const edited = source.replaceAll('account statistics', 'account STATISTICS')
    expect(edited.length).toBe(source.length)
    expect(edited).not.toEqual(source)
    await writeFile(bundle(), edited)
    try {
      const after = await filedock(['api', '--help'])
      expect(after.code).toBe(0)
      expect(after.stdout).toContain('account STATISTICS')
      expect(after.stdout).not.toContain('account statistics')
      // Its own cache, named by its own hash; the replaced bundle's is gone.
      expect([...(await caches()).keys()]).toEqual([
        `api-help-${sha(Buffer.from(edited))}-${process.version}-${process.arch}.bin`,
      ])
      expect(old).not.toContain(sha(Buffer.from(edited)))
    } finally {
      await writeFile(bundle(), source)
      // Back as built: as old as its stamp again.
      const { mtime } = await stat(hashStampPath(bundle()))
      await utimes(bundle(), mtime, mtime)
    }
  })
})

describe.sequential('the cache folder', () => {
  beforeEach(async () => {
    await rm(cacheRoot(), { recursive: true, force: true })
  })

  it('that cannot be made or written only costs the speed: the run works and writes nothing', async () => {
    // A folder under a file: mode bits would not stop the tests' root user, this stops everyone.
    await writeFile(join(dir, 'a-file'), '')
    const unwritable = join(dir, 'a-file', 'cache')
    const run = await filedock(['api', '--help'], unwritable)
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('account/info')
    expect(await readdir(dir)).not.toContain('cache')
    expect((await stat(join(dir, 'a-file'))).isFile()).toBe(true)
  })

  it('takes two first runs at once: both exit 0, and the cache they leave is taken by the next run', async () => {
    const both = await Promise.all([exitOf(['api', 'account/info']), exitOf(['api', 'account/info'])])
    expect(both).toEqual([0, 0])
    const left = await caches()
    // One cache, no half-written file of either.
    expect([...left.keys()]).toEqual([expect.stringMatching(/^api-[0-9a-f]{16}-.+\.bin$/)])
    expect(await exitOf(['api', 'account/info'])).toBe(0)
    expect(await caches()).toEqual(left)
  })
})
