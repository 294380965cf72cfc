// Bundles the CLI (cli/bin.ts) into plain JavaScript in dist/cli/ with esbuild, so `filedock` starts without a
// TypeScript loader. Commands are imported lazily in cli/main.ts; code splitting keeps each in its own chunk, so
// `filedock --help` loads only the entry, and `--version` only version.cjs (see bin/filedock.mjs). Native modules stay external (loaded from node_modules).
//
// `--if-stale` rebuilds only when a source is newer than the bundle (the CLI tests use it before spawning the
// command). Concurrent builds (parallel test workers) are safe: each writes to its own folder and renames the
// files into place, chunks (content-hashed names) first and the entry last.
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const outdir = join(root, 'dist', 'cli')
const entry = join(outdir, 'filedock.mjs')
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

const staging = join(root, 'dist', `.cli-${process.pid}`)
await build({
  absWorkingDir: root,
  entryPoints: { filedock: 'cli/bin.ts' },
  outdir: staging,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunks/[name]-[hash]',
  // Minified: undici and zod are most of what `filedock api` loads, and parse time is start-up time.
  minify: true,
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [undiciSlim],
  // Native addons (and ws's optional native speed-ups, looked up with try/require) are not bundled.
  external: ['@napi-rs/keyring', 'better-sqlite3', 'bufferutil', 'utf-8-validate', 'fsevents'],
  // Bundled CommonJS dependencies call require() for Node's built-ins, which ES modules do not have.
  banner: {
    js: "import { createRequire as __filedockRequire } from 'node:module'; const require = __filedockRequire(import.meta.url);",
  },
})
// version.cjs: what bin/filedock.mjs prints for --version without loading the command line. One CommonJS file
// with the version inlined, built from core/app-info/version.ts (the one place the version comes from): require()
// of one file starts faster than an ES-module import, whose loader resolves and links a graph.
await build({
  absWorkingDir: root,
  entryPoints: { version: 'core/app-info/version.ts' },
  outdir: staging,
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
})
await mkdir(join(outdir, 'chunks'), { recursive: true })
for (const name of await readdir(join(staging, 'chunks'))) {
  await rename(join(staging, 'chunks', name), join(outdir, 'chunks', name))
}
for (const name of (await readdir(staging))
  .filter((n) => n !== 'chunks')
  .sort((a) => (a === 'filedock.mjs' ? 1 : -1))) {
  await rename(join(staging, name), join(outdir, name))
}
await rm(staging, { recursive: true, force: true })
console.error(`build-cli: wrote ${relative(root, entry)}`)
