import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
let child: ChildProcess | undefined
let dataDir: string | undefined

afterEach(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL')
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
  child = undefined
  dataDir = undefined
})

function start(args: string[]) {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(root, 'web', 'main.ts'), ...args], {
    cwd: root,
    env: { ...process.env, FILEDOCK_KEYCHAIN_SERVICE: `Filedock-test-${randomUUID()}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child = proc
  let stdout = ''
  let stderr = ''
  proc.stdout?.on('data', (chunk) => {
    stdout += chunk
  })
  proc.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)))
  const firstLine = new Promise<string>((resolve, reject) => {
    proc.stdout?.on('data', () => {
      if (stdout.includes('\n')) resolve(stdout.slice(0, stdout.indexOf('\n')))
    })
    proc.on('exit', () => reject(new Error(`exited before it was ready: ${stderr}`)))
  })
  firstLine.catch(() => undefined) // awaited only by the test that expects a start
  return { proc, exited, firstLine, output: () => ({ stdout, stderr }) }
}

describe('npm run web (web/main.ts)', () => {
  it('prints exactly one JSON line with the URL, answers only with the token, and stops on SIGTERM', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'filedock-webmain-'))
    const run = start(['--port', '0', '--data', dataDir])
    const { url } = JSON.parse(await run.firstLine) as { url: string }
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43}$/)
    const base = new URL(url)
    expect((await fetch(base.origin)).status).toBe(401)
    const withToken = await fetch(url)
    // 200 once `npm run build:renderer` ran, 503 (with a hint) before: either way the token was accepted.
    expect([200, 503]).toContain(withToken.status)
    expect(withToken.headers.get('set-cookie')).toContain('HttpOnly')
    run.proc.kill('SIGTERM')
    expect(await run.exited).toBe(0)
    expect(run.output().stdout.trim().split('\n')).toHaveLength(1)
    expect(run.output().stderr).toContain(dataDir)
  })

  it('refuses bad arguments with the usage line and prints nothing on stdout', async () => {
    const run = start(['--port', 'eighty'])
    expect(await run.exited).toBe(1)
    expect(run.output().stdout).toBe('')
    expect(run.output().stderr).toContain('usage: npm run web -- [--port N] [--data DIR]')
  })
})
