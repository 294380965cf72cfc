// Bundles the Electron main process and the preload into dist/electron/*.cjs with esbuild.
// The preload must be one self-contained file: a sandboxed preload can require only `electron` and a few
// built-ins, never our own modules. Native modules stay external (loaded from node_modules / app.asar.unpacked).
import { rm } from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
// `--outdir DIR` is for tests, which build into a temp folder.
const outArg = process.argv.indexOf('--outdir')
const outdir = outArg === -1 ? join(root, 'dist', 'electron') : resolve(process.argv[outArg + 1] ?? '')

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  // Electron 45 ships Node 22 and Chromium 140.
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
  legalComments: 'none',
  absWorkingDir: root,
}

/**
 * The preload takes one identity function from FormatJS (defineMessage, which the message extractor reads:
 * shared/ipc/no-answer.ts) and formats nothing: the window words its message. FormatJS's message parser does not
 * say it is free of side effects, so without this its module-level regular expressions would be bundled (and
 * built at each start) with nothing to use them; said pure, everything unused of FormatJS is left out.
 */
const formatjsWithoutSideEffects = {
  name: 'formatjs-without-side-effects',
  setup(b) {
    b.onResolve({ filter: /^@formatjs\// }, async (args) => {
      if (args.pluginData === 'resolving') return undefined
      const found = await b.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'resolving',
      })
      return found.errors.length > 0 ? undefined : { path: found.path, sideEffects: false }
    })
  },
}

await rm(outdir, { recursive: true, force: true })
await Promise.all([
  build({
    ...common,
    // The index's writer runs on a thread of its own, from its own file (core/index/index-writer.ts).
    entryPoints: { main: 'electron/main.ts', 'index-writer': 'core/index/index-writer-thread.ts' },
    outdir,
    outExtension: { '.js': '.cjs' },
    // core's paths relative to its sources (import.meta.url) are only used when no built file is given.
    logOverride: { 'empty-import-meta': 'silent' },
    // ws's optional native speed-ups are looked up with try/require; they are not installed. better-sqlite3 is
    // native: it stays in node_modules, and loads Electron's build of its addon by path (core/index).
    external: ['electron', '@napi-rs/keyring', 'better-sqlite3', 'bufferutil', 'utf-8-validate'],
    // A lazy `import()` of an external package (the keyring addon, loaded when a key is first needed) becomes a
    // lazy require: the packaged app loads node_modules from its asar archive through require.
    supported: { 'dynamic-import': false },
  }),
  build({
    ...common,
    entryPoints: { preload: 'electron/preload.ts' },
    outdir,
    outExtension: { '.js': '.cjs' },
    external: ['electron'],
    plugins: [formatjsWithoutSideEffects],
  }),
])
console.error(
  `build-electron: wrote ${relative(root, join(outdir, 'main.cjs')) || outdir}, preload.cjs and index-writer.cjs`,
)
