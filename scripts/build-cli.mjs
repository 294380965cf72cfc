// Bundles the CLI (cli/bin.ts) into plain JavaScript in dist/cli/ with esbuild, so `filedock` starts without a
// TypeScript loader: one CommonJS file, dist/cli/filedock.cjs, which cli/code-cache.ts compiles through a V8 code
// cache (node 20 keeps none for ES modules; compiling the bundle was ~100 ms of every run, see docs/benchmarks.md).
// Commands are still imported lazily in cli/main.ts: esbuild wraps each module reached only by import() in an
// init function, so a module's top level (zod's schemas, undici's requires) runs only when a command needs it.
// The message catalogues stay files of their own (dist/cli/messages/), read when their language is chosen.
// `--version` loads only version.cjs (see bin/filedock.mjs). Native modules stay external (loaded from node_modules).
//
// `--if-stale` rebuilds only when a source is newer than the bundle (the CLI tests use it before spawning the
// command). Concurrent builds (parallel test workers) are safe: each writes to its own folder and renames the
// files into place, the catalogues first, then the bundle and its hash stamp.
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const outdir = join(root, 'dist', 'cli')
const entry = join(outdir, 'filedock.cjs')
const catalogues = join(root, 'shared', 'i18n', 'messages')
const SOURCES = ['cli', 'core', 'shared', 'package.json', 'scripts/build-cli.mjs']

async function newestSource() {
  let newest = 0
  const visit = async (path) => {
    const s = await stat(path).catch(() => null)
    if (s === null) return
    if (s.isDirectory()) {
      for (const name of await readdir(path)) if (name !== 'node_modules') await visit(join(path, name))
    } else if (/\.(ts|mjs|cjs|json)$/.test(path)) newest = Math.max(newest, s.mtimeMs)
  }
  for (const source of SOURCES) await visit(join(root, source))
  return newest
}

if (process.argv.includes('--if-stale')) {
  const built = await stat(entry).catch(() => null)
  if (built !== null && built.mtimeMs >= (await newestSource())) process.exit(0)
} else {
  await rm(outdir, { recursive: true, force: true })
}

/** `import … from 'undici'` gets only the parts of undici the API client uses (see cli/undici-slim.cjs). */
const undiciSlim = {
  name: 'undici-slim',
  setup(b) {
    b.onResolve({ filter: /^undici$/ }, () => ({ path: join(root, 'cli', 'undici-slim.cjs') }))
    // undici's HTTP/2 client requires node:http2 when it loads; the CLI never speaks HTTP/2 (see cli/no-http2.cjs).
    b.onResolve({ filter: /^node:http2$/ }, (args) =>
      /undici[\\/]lib[\\/]dispatcher[\\/]client-h2\.js$/.test(args.importer)
        ? { path: join(root, 'cli', 'no-http2.cjs') }
        : undefined,
    )
  },
}

/**
 * The catalogues (shared/i18n/messages/*.json, 1.3 MB together) are required from dist/cli/messages/ when their
 * language is chosen, not carried in the bundle that every run reads and every first run compiles.
 */
const catalogueNames = new Set()
const cataloguesApart = {
  name: 'catalogues-apart',
  setup(b) {
    b.onResolve({ filter: /[\\/]i18n[\\/]messages[\\/][^\\/]+\.json$/ }, (args) => {
      const name = args.path.split(/[\\/]/).pop()
      catalogueNames.add(name)
      return { path: `./messages/${name}`, external: true }
    })
  },
}

const staging = join(root, 'dist', `.cli-${process.pid}`)
// One build, three artefacts, each bundled whole (no code shared between them):
//  - filedock.cjs, the command line;
//  - version.cjs: what bin/filedock.mjs prints for --version without loading the command line, with the version
//    inlined from core/app-info/version.ts (the one place the version comes from): require() of one small file
//    starts faster than an ES-module import, whose loader resolves and links a graph;
//  - code-cache.cjs: what runs filedock.cjs from its V8 code cache (cli/code-cache.ts), plain CommonJS for the
//    same reason, with the per-user folders of core/app/data-dir.ts.
await build({
  absWorkingDir: root,
  entryPoints: {
    filedock: 'cli/bin.ts',
    version: 'core/app-info/version.ts',
    'code-cache': 'cli/code-cache.ts',
  },
  outdir: staging,
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // import() of a bundled module becomes its init function, and of an external one (the keyring, a catalogue, a
  // built-in) a require(): the bundle runs as a plain script (vm.Script), which has no module loader of its own.
  supported: { 'dynamic-import': false },
  // Minified: undici and zod are most of what `filedock api` loads; a first run (no code cache yet) parses it all.
  minify: true,
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [undiciSlim, cataloguesApart],
  // Native addons (and ws's optional native speed-ups, looked up with try/require) are not bundled.
  external: ['@napi-rs/keyring', 'better-sqlite3', 'bufferutil', 'utf-8-validate', 'fsevents'],
})
// The bundle's hash, once here rather than at every start (cli/code-cache.ts writeHashStamp, by the module just built).
createRequire(import.meta.url)(join(staging, 'code-cache.cjs')).writeHashStamp(join(staging, 'filedock.cjs'))
await mkdir(join(staging, 'messages'))
for (const name of catalogueNames) await copyFile(join(catalogues, name), join(staging, 'messages', name))
await mkdir(join(outdir, 'messages'), { recursive: true })
for (const name of await readdir(join(staging, 'messages'))) {
  await rename(join(staging, 'messages', name), join(outdir, 'messages', name))
}
// The bundle after what it needs (its start, its catalogues), and its hash stamp last: a run between two renames
// sees a bundle newer than its stamp and hashes it (cli/code-cache.ts bundleHash), never an old bundle as new.
const LAST = ['filedock.cjs', 'filedock.cjs.hash']
for (const name of (await readdir(staging))
  .filter((n) => n !== 'messages')
  .sort((a, b) => LAST.indexOf(a) - LAST.indexOf(b))) {
  await rename(join(staging, name), join(outdir, name))
}
await rm(staging, { recursive: true, force: true })
// Where earlier builds kept their code caches (now in the user's cache folder, cli/code-cache.ts).
await rm(join(outdir, 'code-cache'), { recursive: true, force: true })
console.error(`build-cli: wrote ${relative(root, entry)}`)
