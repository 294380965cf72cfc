import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { browserCommand, noBrowserReason } from './open-browser.ts'

const root = join(import.meta.dirname, '..')
let child: ChildProcess | undefined
let dir: string | undefined

afterEach(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL')
  if (dir) await rm(dir, { recursive: true, force: true })
  child = undefined
  dir = undefined
})

/**
 * `npm run web` with a stand-in `xdg-open` first on PATH that writes down the URL it was given, so the test sees
 * exactly what the user's browser would have been asked to open.
 */
async function runWeb(args: string[], display: Record<string, string>) {
  dir = await mkdtemp(join(tmpdir(), 'filedock-open-'))
  const opened = join(dir, 'opened.txt')
  const bin = join(dir, 'bin')
  await mkdir(bin)
  await writeFile(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > ${JSON.stringify(opened)}\n`)
  await chmod(join(bin, 'xdg-open'), 0o755)
  const env: NodeJS.ProcessEnv = { ...process.env, ...display }
  for (const k of ['CI', 'DISPLAY', 'WAYLAND_DISPLAY']) if (!(k in display)) delete env[k]
  env.PATH = `${bin}:${process.env.PATH ?? ''}`
  env.FILEDOCK_KEYCHAIN_SERVICE = `Filedock-test-${randomUUID()}`
  const proc = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'web', 'main.ts'), '--port', '0', '--data', join(dir, 'data'), ...args],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  child = proc
  let stdout = ''
  let stderr = ''
  proc.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString()
  })
  const url = await new Promise<string>((resolve, reject) => {
    proc.stdout?.on('data', (c: Buffer) => {
      stdout += c.toString()
      if (stdout.includes('\n'))
        resolve((JSON.parse(stdout.slice(0, stdout.indexOf('\n'))) as { url: string }).url)
    })
    proc.on('exit', () => reject(new Error(`exited early: ${stderr}`)))
  })
  return { url, opened, stderr: () => stderr }
}

describe('the browser host opens itself', () => {
  it.runIf(process.platform === 'linux')(
    'with --open and a display, hands the printed URL (token included) to the default browser',
    async () => {
      const run = await runWeb(['--open'], { DISPLAY: ':99' })
      // The browser stub writes what it was handed once the host has started it.
      await expect
        .poll(() => readFile(run.opened, 'utf8').catch(() => null), { timeout: 25_000, interval: 100 })
        .toBe(run.url)
    },
    30_000,
  )

  it.runIf(process.platform === 'linux')(
    'opens nothing without a display, in CI, or with --no-open, and still prints the URL',
    async () => {
      for (const [args, display, why] of [
        [['--open'], {}, /no display/],
        [['--open'], { DISPLAY: ':99', CI: 'true' }, /CI job/],
        [['--open', '--no-open'], { DISPLAY: ':99' }, null],
      ] as const) {
        const run = await runWeb([...args], display)
        expect(run.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/)
        await new Promise((r) => setTimeout(r, 500))
        expect(await readFile(run.opened, 'utf8').catch(() => null)).toBeNull()
        if (why) expect(run.stderr()).toMatch(why)
        child?.kill('SIGTERM')
        await rm(dir as string, { recursive: true, force: true })
      }
    },
    60_000,
  )

  it('decides per platform like Jupyter: a screen is needed on Linux, none in CI', () => {
    expect(noBrowserReason({}, 'linux')).toMatch(/no display/)
    expect(noBrowserReason({ WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toBeNull()
    expect(noBrowserReason({ DISPLAY: ':0', CI: '1' }, 'linux')).toMatch(/CI/)
    expect(noBrowserReason({ DISPLAY: ':0', CI: 'false' }, 'linux')).toBeNull()
    expect(noBrowserReason({}, 'darwin')).toBeNull()
    expect(noBrowserReason({}, 'win32')).toBeNull()
    const url = 'http://127.0.0.1:1/?token=a&b'
    expect(browserCommand(url, 'win32')).toEqual({
      command: 'rundll32',
      args: ['url.dll,FileProtocolHandler', url],
    })
    expect(browserCommand(url, 'darwin')).toEqual({ command: 'open', args: [url] })
  })
})
