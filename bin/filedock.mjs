#!/usr/bin/env node
// Runs the built CLI: plain JavaScript bundled by `npm run build` (scripts/build-cli.mjs), no TypeScript loader.
import { existsSync } from 'node:fs'
import module from 'node:module'
import { fileURLToPath } from 'node:url'

const dist = new URL('../dist/cli/', import.meta.url)
const bundle = fileURLToPath(new URL('filedock.cjs', dist))
if (!existsSync(bundle)) {
  process.stderr.write(
    'filedock: the command is not built yet; run `npm run build` (or `npm run build:cli`).\n',
  )
  process.exit(1)
}
// `filedock --version` is what scripts and installers run to check the command: answered from the build's
// version module (core/app-info/version.ts with package.json inlined, one CommonJS file of ~2 KB) without
// loading the command line at all.
const [first, ...rest] = process.argv.slice(2)
if ((first === '--version' || first === '-v') && rest.length === 0) {
  const { VERSION } = module.createRequire(import.meta.url)('../dist/cli/version.cjs')
  process.stdout.write(`${VERSION}\n`)
} else {
  const { default: v8 } = await import('node:v8')
  // undici parses answers with llhttp compiled to WebAssembly; V8's tier-up of that module to its optimising
  // compiler took ~35 MiB at its peak, a third of an upload's memory, for answers of a few hundred bytes. The
  // baseline compiler's code parses them just as well (measured: peak RSS of one request 98 → 63 MiB).
  v8.setFlagsFromString('--liftoff-only')
  // A run of many small uploads allocates fast enough that V8 keeps doubling its young generation (up to 16 MiB
  // semi-spaces) for objects that die young anyway. Kept at its starting size: 300 files of 10 KiB peaked at 70
  // instead of 86 MiB, in the same time (measured side by side; a 1 GiB upload allocates too little to notice).
  // (--max-semi-space-size is read only when the heap is set up, so it cannot be given from here.)
  v8.setFlagsFromString('--semi-space-growth-factor=1')
  // A download is bytes moving between a socket and a file, with little JavaScript per chunk: V8's optimising
  // compiler (TurboFan), its compile zones and code, took 4–6 MiB of its peak. Without it (side by side, load 14):
  // 1 GiB peaked at 73–74.5 instead of 77.5–80 MiB in the same wall time, for 1.8–2.0 s of CPU instead of 1.4–1.6
  // (2.0–2.4 before core/download/read-buffers.ts); 500 files of 10 KiB at 73 instead of 80 MiB with less CPU. Other commands
  // keep it: their scans and plans of 100,000 files are JavaScript-heavy, and unmeasured without it.
  if (first === 'download') v8.setFlagsFromString('--no-opt')
  // After the flags: V8 keeps a code cache only for the flags it was made under.
  // dist/cli/code-cache.cjs: the build's CommonJS bundle of cli/code-cache.ts, renamed into place before the bundle.
  const { loadBundle } = module.createRequire(import.meta.url)('../dist/cli/code-cache.cjs')
  loadBundle(bundle, process.argv.slice(2), process.env)
}
