import { execFile } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { bin, runCli, testCacheDir } from './testing/cli-runner.ts'

// The command users install: bin/filedock.mjs running the bundle of scripts/build-cli.mjs (cli-runner.ts builds
// it when the sources are newer), with no TypeScript loader.
const root = fileURLToPath(new URL('..', import.meta.url))
const dist = join(root, 'dist', 'cli')
const run = promisify(execFile)

const bundle = join(dist, 'filedock.cjs')

/** A bare environment: the path, and the tests' code cache folder rather than the user's. */
const bare = { PATH: process.env.PATH ?? '', FILEDOCK_CACHE_DIR: testCacheDir }

/**
 * What a run of the command required: the bundle's externals and node's built-ins (`node --import` of a probe
 * that notes each require and prints the list at exit). Modules inside the bundle run only when a command
 * imports them, and those that need a built-in (undici: node:http, node:net) show by requiring it.
 */
async function requiresOf(args: string[], env: Record<string, string>): Promise<string[]> {
  const probe = [
    "import module from 'node:module'",
    'const seen = []',
    'const original = module.prototype.require',
    'module.prototype.require = function (id) { seen.push(id); return original.apply(this, arguments) }',
    "process.on('exit', () => process.stderr.write('\\nREQUIRED ' + JSON.stringify(seen) + '\\n'))",
  ].join('\n')
  const { stderr } = await run(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(probe)}`, bin, ...args],
    { env: { ...bare, ...env } },
  )
  const line = stderr.split('\n').find((l) => l.startsWith('REQUIRED '))
  expect(line, stderr).toBeDefined()
  return JSON.parse((line as string).slice('REQUIRED '.length)) as string[]
}

describe('the built filedock command', () => {
  it('is plain JavaScript: no TypeScript loader, no .ts module, native modules left to node_modules', async () => {
    const text = await readFile(bundle, 'utf8')
    expect(text).not.toMatch(/["']tsx(\/[^"']*)?["']/)
    expect(text).not.toMatch(/require\(["'][^"']+\.ts["']\)/)
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
      env: bare,
    })
    expect(stdout.trim()).toBe(pkg.version)
  })

  it('starts without running any command: --version reads one small file, --help runs no HTTP client', async () => {
    // --version: the bin answers from version.cjs alone, one small file that loads nothing else.
    const version = await readFile(join(dist, 'version.cjs'), 'utf8')
    expect(version).not.toMatch(/require\(|import\(/)
    expect(version.length).toBeLessThan(4 * 1024)
    // --help: the bundle's commands (undici and zod are most of it) stay unrun until a command imports them.
    const required = await requiresOf(['--help'], { LANG: 'en_US.UTF-8' })
    expect(required.filter((id) => /^(node:)?(http|https|net|tls)$/.test(id))).toEqual([])
    const help = await runCli(['--help'], {})
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(/Exit codes:/)
    const upload = await runCli(['upload', '--help'], {})
    expect(upload.stdout).toMatch(/--concurrency N\s+transfers at once, 1 to 16/)
  })

  it('speaks English without reading a catalogue; another language reads its own, from beside the bundle', async () => {
    const english = await requiresOf(['--help'], { LANG: 'en_GB.UTF-8' })
    expect(english.filter((id) => id.includes('messages/'))).toEqual([])
    const spanish = await requiresOf(['--help'], { LANG: 'es_ES.UTF-8' })
    expect(spanish.filter((id) => id.includes('messages/'))).toEqual(['./messages/es.json'])
    // The catalogues are files of their own, not part of the bundle every run reads.
    const map = JSON.parse(await readFile(`${bundle}.map`, 'utf8')) as { sources: string[] }
    expect(map.sources.filter((s) => /shared\/i18n\/messages\//.test(s))).toEqual([])
    const help = await runCli(['--help'], { LANG: 'en_GB.UTF-8' })
    expect(help.stdout).toMatch(/^filedock .+: a command line for XFileSharing-style file hosts\n/)
  })

  it('carries only the parts of undici the API client uses (request and an agent), not its fetch or WebSocket', async () => {
    const map = JSON.parse(await readFile(`${bundle}.map`, 'utf8')) as { sources: string[] }
    // From node_modules on: a worktree's node_modules may be a link to another checkout's.
    const sources = map.sources.map((s) => s.replace(/^.*?(?=node_modules\/)/, ''))
    const undici = sources.filter((s) => s.startsWith('node_modules/undici/'))
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
