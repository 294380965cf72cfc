#!/usr/bin/env node
// Runs the built CLI: plain JavaScript bundled by `npm run build` (scripts/build-cli.mjs), no TypeScript loader.
import { existsSync } from 'node:fs'

const bundle = new URL('../dist/cli/filedock.mjs', import.meta.url)
if (!existsSync(bundle)) {
  process.stderr.write(
    'filedock: the command is not built yet; run `npm run build` (or `npm run build:cli`).\n',
  )
  process.exit(1)
}
await import(bundle.href)
