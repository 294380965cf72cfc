import { execFile } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { bin, runCli } from './testing/cli-runner.ts'

// The command users install: bin/filedock.mjs running the bundle of scripts/build-cli.mjs (cli-runner.ts builds
// it when the sources are newer), with no TypeScript loader.
const root = fileURLToPath(new URL('..', import.meta.url))
const dist = join(root, 'dist', 'cli')
const run = promisify(execFile)

async function bundleFiles(): Promise<string[]> {
  const chunks = (await readdir(join(dist, 'chunks'))).map((n) => join(dist, 'chunks', n))
  return [join(dist, 'filedock.mjs'), ...chunks].filter((f) => f.endsWith('.mjs'))
}

/** The files `filedock.mjs` loads before any command runs: its static imports, transitively. */
async function staticClosure(entry: string): Promise<string[]> {
  const seen = new Set<string>()
  const visit = async (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const text = await readFile(file, 'utf8')
    // Minified static imports: `import{a as b}from"./chunks/x.mjs"` or `import"./chunks/x.mjs"`.
    for (const m of text.matchAll(/import(?:[^"'()]*?from)?\s*["'](\.{1,2}\/[^"']+)["']/g)) {
      await visit(resolve(dirname(file), m[1] as string))
    }
  }
  await visit(entry)
  return [...seen]
}

describe('the built filedock command', () => {
  it('is plain JavaScript: no TypeScript loader, no .ts module, native modules left to node_modules', async () => {
    for (const file of await bundleFiles()) {
      const text = await readFile(file, 'utf8')
      expect(text, file).not.toMatch(/["']tsx(\/[^"']*)?["']/)
      expect(text, file).not.toMatch(/from\s*["'][^"']+\.ts["']/)
    }
    expect(await readFile(bin, 'utf8')).not.toMatch(/tsx/)
    const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      version: string
      dependencies: Record<string, string>
      devDependencies: Record<string, string>
    }
    expect(pkg.dependencies.tsx).toBeUndefined()
    expect(pkg.devDependencies.tsx).toBeDefined()
    // A plain `node` with nothing registered runs it.
    const { stdout } = await run(process.execPath, [bin, '--version'], {
      env: { PATH: process.env.PATH ?? '' },
    })
    expect(stdout.trim()).toBe(pkg.version)
  })

  it('starts without loading any command: --version and --help load a few kilobytes', async () => {
    const files = await staticClosure(join(dist, 'filedock.mjs'))
    let bytes = 0
    for (const f of files) bytes += (await readFile(f)).length
    // undici and zod alone are ~1 MB; they belong to the commands' chunks, loaded on demand.
    expect(bytes).toBeLessThan(64 * 1024)
    // --version: the bin answers from version.cjs alone, one small file that loads nothing else.
    const version = await readFile(join(dist, 'version.cjs'), 'utf8')
    expect(version).not.toMatch(/require\(|import\(/)
    expect(version.length).toBeLessThan(4 * 1024)
    const help = await runCli(['--help'], {})
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(/Exit codes:/)
    const upload = await runCli(['upload', '--help'], {})
    expect(upload.stdout).toMatch(/--concurrency N\s+transfers at once, 1 to 16/)
  })

  it('speaks English without reading a catalogue, and without the language matcher or zod', async () => {
    // What `filedock --help` loads in English: the entry, the help chunk and the CLI's intl (cli/text.ts, then
    // core/i18n/intl-for.ts), each with its static imports. The catalogues are dynamic imports, read only for
    // another language.
    const chunk = async (name: string) => {
      const file = (await readdir(join(dist, 'chunks'))).find(
        (n) => n.startsWith(`${name}-`) && n.endsWith('.mjs'),
      )
      expect(file, name).toBeDefined()
      return join(dist, 'chunks', file as string)
    }
    const files = new Set<string>()
    for (const start of [
      join(dist, 'filedock.mjs'),
      await chunk('help'),
      await chunk('text'),
      await chunk('intl-for'),
    ])
      for (const f of await staticClosure(start)) files.add(f)
    const sources = new Set<string>()
    for (const f of files) {
      const map = JSON.parse(await readFile(`${f}.map`, 'utf8')) as { sources: string[] }
      for (const s of map.sources) sources.add(s)
    }
    const loaded = [...sources]
    expect(loaded.some((s) => s.includes('@formatjs/intl/'))).toBe(true)
    expect(loaded.filter((s) => /shared\/i18n\/messages\//.test(s))).toEqual([])
    expect(loaded.filter((s) => /node_modules\/(zod|@formatjs\/intl-localematcher)\//.test(s))).toEqual([])
    const help = await runCli(['--help'], { LANG: 'en_GB.UTF-8' })
    expect(help.stdout).toMatch(/^filedock .+: a command line for XFileSharing-style file hosts\n/)
  })

  it('carries only the parts of undici the API client uses (request and an agent), not its fetch or WebSocket', async () => {
    const sources = new Set<string>()
    for (const file of await bundleFiles()) {
      const map = JSON.parse(await readFile(`${file}.map`, 'utf8')) as { sources: string[] }
      for (const s of map.sources) sources.add(s.replace(/^(\.\.\/)+/, ''))
    }
    const undici = [...sources].filter((s) => s.startsWith('node_modules/undici/'))
    expect(undici).toContain('node_modules/undici/lib/api/api-request.js')
    expect(undici).toContain('node_modules/undici/lib/dispatcher/agent.js')
    // (A few of fetch's helpers come with the answer body's readers; fetch itself and the rest stay out.)
    const whole =
      /^node_modules\/undici\/(index\.js|lib\/web\/(fetch\/index|websocket|cache|eventsource)|lib\/mock)/
    expect(undici.filter((s) => whole.test(s))).toEqual([])
  })

  it('says how to build it when the bundle is missing, instead of a stack trace', async () => {
    const copy = await mkdtemp(join(tmpdir(), 'filedock-unbuilt-'))
    try {
      await mkdir(join(copy, 'bin'))
      await copyFile(bin, join(copy, 'bin', 'filedock.mjs'))
      const failed = await run(process.execPath, [join(copy, 'bin', 'filedock.mjs'), '--version']).then(
        () => null,
        (e: { code: number; stderr: string }) => e,
      )
      expect(failed?.code).toBe(1)
      expect(failed?.stderr).toMatch(/not built yet; run `npm run build`/)
    } finally {
      await rm(copy, { recursive: true, force: true })
    }
  })
})
