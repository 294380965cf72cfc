// Runs the CLI's bundle (dist/cli/filedock.cjs) from a V8 code cache. Node 20 keeps none of its own for a
// script it loads (module.enableCompileCache is node ≥ 22.1), and compiling the bundle — its top level, then each
// function as a run first calls it — took ~100 ms of every command (docs/benchmarks.md, "The CLI against curl").
// Built on its own into dist/cli/code-cache.cjs (scripts/build-cli.mjs), which bin/filedock.mjs requires.
//
// The cache is what V8 compiled during a run that succeeded: written once per kind of run (a command, or its help),
// bundle and node, at that run's exit, and read by every later run of the same kind. V8 checks its own version
// and flags against the cache, but of the source only its length (checked on node 20: a cache of another source
// of the same length is accepted, and runs the old code): the file's name carries the bundle's hash, so a cache is
// never used for another bundle. A cache V8 refuses (another node, other flags) or that cannot be read is
// compiled without and written anew.
//
// Where: the user's cache folder (core/app/data-dir.ts defaultCacheDir), not beside the bundle: a global install
// (/usr/lib/node_modules) is not the user's to write. A folder that cannot be written only costs the speed.
import { createHash } from 'node:crypto'
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import module from 'node:module'
import { basename, dirname, join } from 'node:path'
import { Script } from 'node:vm'
import { defaultCacheDir } from '../core/app/data-dir.ts'

/**
 * A command's name: what one compiles (upload's queue, download's writers) the others do not, so each keeps its
 * own cache. No list of commands is kept here (it would be a second one beside cli/main.ts): a cache is written only
 * when the run exits 0, and a mistyped command, its help included, fails with 2 and leaves nothing.
 */
const COMMAND_NAME = /^[a-z]+$/
const HASH = /^[0-9a-f]{16}$/

/** The code caches of every install and build of the command, for this user. */
export const codeCacheDir = (env: NodeJS.ProcessEnv): string => join(defaultCacheDir(env), 'code-cache')

/** The bundle's hash as the build wrote it (writeHashStamp), beside the bundle. */
export const hashStampPath = (bundlePath: string): string => `${bundlePath}.hash`

const sourceHash = (bytes: Uint8Array): string =>
  createHash('sha256').update(bytes).digest('hex').slice(0, 16)

/**
 * The build's part (scripts/build-cli.mjs, after the bundle is written): hashing the 1.2 MB bundle took ~2 ms of
 * every start; the build does it once. Written after the bundle, so the stamp is never older than the bundle it
 * describes (see bundleHash).
 */
export function writeHashStamp(bundlePath: string): void {
  writeFileSync(hashStampPath(bundlePath), `${sourceHash(readFileSync(bundlePath))}\n`)
}

/** The stamp's hash and the time it was written, or null when there is none (a bundle built elsewhere). */
function readStamp(bundlePath: string): { hash: string; mtimeMs: number } | null {
  let fd: number | undefined
  try {
    fd = openSync(hashStampPath(bundlePath), 'r')
    const hash = readFileSync(fd, 'utf8').trim()
    return HASH.test(hash) ? { hash, mtimeMs: fstatSync(fd).mtimeMs } : null
  } catch {
    return null
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/**
 * The hash a cache of this bundle is named by: the build's stamp while the bundle is not newer than it, else the
 * bundle hashed here. A bundle edited after its build (a same-length edit V8 would not notice) is newer than its
 * stamp and is hashed: it never runs with the cache of the bundle it replaced. The stamp is read before the bundle
 * and the build renames it into place after the bundle, so a run between a rebuild's renames sees an old stamp
 * and a new bundle (hashed), never the reverse. An npm package gives all its files one time (npm pack writes
 * 1985-10-26 and the install keeps it): the stamp holds there.
 * Decision: the times of the files decide, not their contents; a bundle put back with an older time (`cp -p` of
 * another build over it) and the same length is the one case left, and no install or build does that.
 */
export function bundleHash(
  stamp: { hash: string; mtimeMs: number } | null,
  bytes: Uint8Array,
  bundleMtimeMs: number,
): string {
  return stamp !== null && bundleMtimeMs <= stamp.mtimeMs ? stamp.hash : sourceHash(bytes)
}

/**
 * What a run keeps its cache under: its command, or that command's help (a help run compiles the help, not the
 * command: the command's cache stays the one its own first run wrote); null for an argument that names no command
 * (`--bogus`). A word that is no command gets a name here but never a file: its run exits 2.
 */
function cacheKey(argv: readonly string[]): string | null {
  const [command, ...rest] = argv
  const named = command !== undefined && COMMAND_NAME.test(command) && command !== 'help'
  const help = !named || rest.includes('--help') || rest.includes('-h')
  if (help) {
    const asked = command === undefined || ['help', '--help', '-h'].includes(command)
    if (!named && !asked) return null
    return `${named ? command : 'filedock'}-help`
  }
  return command
}

/** The cache file of one kind of run (cacheKey) of the bundle of this hash on this node, or null for none. */
export function codeCachePath(cacheDir: string, hash: string, argv: readonly string[]): string | null {
  const key = cacheKey(argv)
  return key === null ? null : join(cacheDir, `${key}-${hash}-${process.version}-${process.arch}.bin`)
}

/** Whether a file of the cache folder is a cache of this kind of run (of any bundle and node). */
const isCacheOf = (key: string, name: string) => new RegExp(`^${key}-[0-9a-f]{16}-.+\\.bin$`).test(name)

export function loadBundle(bundlePath: string, argv: readonly string[], env: NodeJS.ProcessEnv): void {
  // The stamp before the bundle (see bundleHash).
  const stamp = readStamp(bundlePath)
  const fd = openSync(bundlePath, 'r')
  let bytes: Buffer
  let mtimeMs: number
  try {
    bytes = readFileSync(fd)
    mtimeMs = fstatSync(fd).mtimeMs
  } finally {
    closeSync(fd)
  }
  const key = cacheKey(argv)
  const cachePath = codeCachePath(codeCacheDir(env), bundleHash(stamp, bytes, mtimeMs), argv)
  let cachedData: Buffer | undefined
  if (cachePath !== null) {
    try {
      cachedData = readFileSync(cachePath)
    } catch {
      // None yet: this run compiles and, if it succeeds, writes it.
    }
  }
  const script = new Script(module.wrap(bytes.toString('utf8')), { filename: bundlePath, cachedData })
  if (
    key !== null &&
    cachePath !== null &&
    (cachedData === undefined || script.cachedDataRejected === true)
  ) {
    process.once('exit', (code) => {
      if (code === 0) writeCache(script, cachePath, key)
    })
  }
  const bundleModule = { exports: {} }
  const require = module.createRequire(bundlePath)
  script
    .runInThisContext()
    .call(bundleModule.exports, bundleModule.exports, require, bundleModule, bundlePath, dirname(bundlePath))
}

/**
 * Written whole or not at all: parallel runs each write their own file and rename it into place (the last one
 * stays; both are what V8 compiled of the same bundle). Then the caches of the same kind of run made for other
 * bundles or nodes are removed: a build no longer installed would never be read again, and nothing else cleans
 * the user's folder. Two installs used in turn each recompile once at the first run after the other (~100 ms).
 */
function writeCache(script: Script, cachePath: string, key: string): void {
  const partial = `${cachePath}.${process.pid}`
  const dir = dirname(cachePath)
  try {
    mkdirSync(dir, { recursive: true })
    writeFileSync(partial, script.createCachedData())
    renameSync(partial, cachePath)
  } catch {
    // Read-only or full: the next run compiles again, as node alone would.
    rmSync(partial, { force: true })
    return
  }
  try {
    for (const name of readdirSync(dir)) {
      if (name !== basename(cachePath) && isCacheOf(key, name)) rmSync(join(dir, name), { force: true })
    }
  } catch {
    // Left for the next run that writes one.
  }
}
