// Runs the CLI's bundle (dist/cli/filedock.cjs) from a V8 code cache. Node 20 keeps none of its own for a
// script it loads (module.enableCompileCache is node ≥ 22.1), and compiling the bundle — its top level, then each
// function as a run first calls it — took ~100 ms of every command (docs/benchmarks.md, "The CLI against curl").
//
// The cache is what V8 compiled during a run that succeeded: written once per kind of run (a command, or its help),
// bundle and node, at that run's exit, and read by every later run of the same kind. V8 checks its own version and flags against the
// cache, but of the source only its length: the file's name carries the bundle's hash, so a cache is never used
// for another build of the same size. A cache V8 refuses (another node, other flags) or that cannot be read is
// compiled without and written anew; a folder that cannot be written (a read-only install) only costs the speed.
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import module from 'node:module'
import { dirname, join } from 'node:path'
import { Script } from 'node:vm'

/**
 * A command's name: what one compiles (upload's queue, download's writers) the others do not, so each keeps its
 * own cache. No list of commands is kept here (it would be a second one beside cli/main.ts): a cache is written only
 * when the run exits 0, and a mistyped command, its help included, fails with 2 and leaves nothing.
 */
const COMMAND_NAME = /^[a-z]+$/

/** Where the caches of a bundle live: beside it, so a new build (which clears them) leaves none behind. */
export const codeCacheDir = (bundlePath) => join(dirname(bundlePath), 'code-cache')

/**
 * What a run keeps its cache under: its command, or that command's help (a help run compiles the help, not the
 * command: the command's cache stays the one its own first run wrote); null for an argument that names no command
 * (`--bogus`). A word that is no command gets a name here but never a file: its run exits 2.
 */
function cacheKey(argv) {
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

/** The cache file of one kind of run (cacheKey) of this bundle on this node, or null for none. */
export function codeCachePath(bundlePath, source, argv) {
  const key = cacheKey(argv)
  if (key === null) return null
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16)
  return join(codeCacheDir(bundlePath), `${key}-${hash}-${process.version}-${process.arch}.bin`)
}

export function loadBundle(bundlePath, argv) {
  const source = readFileSync(bundlePath, 'utf8')
  const cachePath = codeCachePath(bundlePath, source, argv)
  let cachedData
  if (cachePath !== null) {
    try {
      cachedData = readFileSync(cachePath)
    } catch {
      // None yet: this run compiles and, if it succeeds, writes it.
    }
  }
  const script = new Script(module.wrap(source), { filename: bundlePath, cachedData })
  if (cachePath !== null && (cachedData === undefined || script.cachedDataRejected === true)) {
    process.once('exit', (code) => {
      if (code === 0) writeCache(script, cachePath)
    })
  }
  const bundleModule = { exports: {} }
  const require = module.createRequire(bundlePath)
  script
    .runInThisContext()
    .call(bundleModule.exports, bundleModule.exports, require, bundleModule, bundlePath, dirname(bundlePath))
}

/** Written whole or not at all (parallel runs each write their own file and rename it into place). */
function writeCache(script, cachePath) {
  const partial = `${cachePath}.${process.pid}`
  try {
    mkdirSync(dirname(cachePath), { recursive: true })
    writeFileSync(partial, script.createCachedData())
    renameSync(partial, cachePath)
  } catch {
    // Read-only or full: the next run compiles again, as node alone would.
    rmSync(partial, { force: true })
  }
}
