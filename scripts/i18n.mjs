#!/usr/bin/env node
// The message catalogues (shared/i18n/messages), built with FormatJS's own CLI:
//   node scripts/i18n.mjs          extracts every message of the code into en.json and regenerates en-XA.json
//   node scripts/i18n.mjs --check  fails if either is stale, or if a translation misses or adds an id, or breaks
//                                  a message's placeholders, plurals or tags (formatjs verify)
// English is the source: each message's defaultMessage in the code. en-XA (accented, bracketed, ~40 % longer) is
// generated from it, never edited. Translators edit <locale>.json, which holds the same ids.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const messages = join(root, 'shared/i18n/messages')
const formatjs = join(root, 'node_modules/.bin/formatjs')
const SOURCES = [
  'renderer/src/**/*.{ts,tsx}',
  'electron/**/*.ts',
  'core/**/*.ts',
  'cli/**/*.ts',
  'web/**/*.ts',
  'shared/**/*.ts',
]
const LOCALES = ['es', 'pt-BR', 'tr', 'id', 'ar']

function run(args) {
  execFileSync(formatjs, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] })
}

function build(outDir) {
  const en = join(outDir, 'en.json')
  run([
    'extract',
    ...SOURCES,
    '--ignore',
    '**/*.test.ts',
    '**/*.test.tsx',
    '**/testing/**',
    '--format',
    'simple',
    '--throws',
    '--out-file',
    en,
  ])
  run([
    'compile',
    en,
    '--format',
    'simple',
    '--ast',
    '--pseudo-locale',
    'en-XA',
    '--out-file',
    join(outDir, 'en-XA.json'),
  ])
}

const same = (a, b) =>
  JSON.stringify(JSON.parse(readFileSync(a, 'utf8'))) === JSON.stringify(JSON.parse(readFileSync(b, 'utf8')))

if (process.argv.includes('--check')) {
  const fresh = mkdtempSync(join(tmpdir(), 'filedock-i18n-'))
  let failed = false
  try {
    build(fresh)
    for (const file of ['en.json', 'en-XA.json']) {
      if (!same(join(fresh, file), join(messages, file))) {
        console.error(`shared/i18n/messages/${file} is not what the code says: run node scripts/i18n.mjs`)
        failed = true
      }
    }
  } finally {
    rmSync(fresh, { recursive: true, force: true })
  }
  const files = ['en', ...LOCALES].map((l) => join(messages, `${l}.json`))
  try {
    run([
      'verify',
      '--source-locale',
      'en',
      '--missing-keys',
      '--extra-keys',
      '--structural-equality',
      ...files,
    ])
  } catch {
    failed = true
  }
  process.exit(failed ? 1 : 0)
} else {
  build(messages)
}
