import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { SandboxRef } from '../sandbox/testing/api-calls.ts'
import { median, quantile, round } from './lib/stats.ts'

const bin = fileURLToPath(new URL('../bin/filedock.mjs', import.meta.url))
const FILES = 500
const SIZE = 10 * 1024
const MIN_AGE_MS = 1000

interface Watcher {
  child: ChildProcess
  /** Landing time (performance.now) of each relPath, as its JSON line arrives. */
  landed: Map<string, number>
  stop(): Promise<void>
}

/** `filedock watch DIR --json` as a user runs it; resolves once it says it is watching. */
async function startWatch(account: SandboxRef, dir: string, data: string): Promise<Watcher> {
  const child = spawn(
    process.execPath,
    [bin, 'watch', dir, '--min-age', `${MIN_AGE_MS}ms`, '--json', '--data', data],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FILEDOCK_BASE_URL: account.baseUrl, FILEDOCK_API_KEY: account.apiKey },
    },
  )
  const landed = new Map<string, number>()
  let rest = ''
  child.stdout?.on('data', (c: Buffer) => {
    const lines = (rest + c.toString()).split('\n')
    rest = lines.pop() ?? ''
    for (const l of lines) {
      const line = JSON.parse(l) as { state: string; relPath: string }
      if (line.state === 'done') landed.set(line.relPath, performance.now())
    }
  })
  await new Promise<void>((resolve, reject) => {
    let err = ''
    child.stderr?.on('data', (c: Buffer) => {
      err += c.toString()
      if (err.includes('watching')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`filedock watch exited with ${code}: ${err}`)))
  })
  return {
    child,
    landed,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGINT')
      }),
  }
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const end = performance.now() + timeoutMs
  while (!check()) {
    if (performance.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 20))
  }
}

async function newAccount(sandbox: SandboxRef, email: string): Promise<SandboxRef> {
  const url = `${sandbox.baseUrl}/sandbox/account/create?key=${sandbox.apiKey}&email=${encodeURIComponent(email)}`
  const body = (await (await fetch(url)).json()) as { result: { key: string } }
  return { baseUrl: sandbox.baseUrl, apiKey: body.result.key }
}

/**
 * Watch folders through `filedock watch` (a process, as users run it): 500 files of 10 KiB written at once
 * into a watched folder, each going up once it has been unchanged for --min-age 1 s. Per file: time from its
 * write to its landing (the minimum age included); the whole burst: files per second after the last write.
 * Then a restart with everything already sent: time until the watch is up and has checked all 500 (nothing
 * is sent again).
 */
export async function benchWatch(sandbox: SandboxRef, work: string, rounds: number) {
  const latencies: number[] = []
  const burstRates: number[] = []
  const restarts: number[] = []
  for (let round_ = 0; round_ < rounds; round_++) {
    const account = await newAccount(sandbox, `watch${round_}@bench.local`)
    const dir = join(work, `watched-${round_}`)
    const data = join(work, `watch-data-${round_}`)
    await mkdir(dir, { recursive: true })
    const watcher = await startWatch(account, dir, data)
    const written = new Map<string, number>()
    await Promise.all(
      Array.from({ length: FILES }, async (_, i) => {
        const name = `f${String(i).padStart(4, '0')}.bin`
        await writeFile(join(dir, name), randomBytes(SIZE))
        written.set(name, performance.now())
      }),
    )
    const lastWrite = Math.max(...written.values())
    await until(() => watcher.landed.size >= FILES, 120_000)
    const lastLanding = Math.max(...watcher.landed.values())
    for (const [name, at] of watcher.landed) latencies.push(at - (written.get(name) ?? at))
    burstRates.push(FILES / ((lastLanding - lastWrite) / 1000))
    await watcher.stop()

    // A restart finds all 500 in its sent record: nothing goes up again.
    const started = performance.now()
    const again = await startWatch(account, dir, data)
    const up = performance.now() - started
    // Give a wrong re-send time to show: a settle period plus a margin.
    await new Promise((r) => setTimeout(r, MIN_AGE_MS + 1500))
    if (again.landed.size !== 0) throw new Error(`a restart sent ${again.landed.size} file(s) again`)
    restarts.push(up)
    await again.stop()
  }
  return {
    files: FILES,
    fileKiB: SIZE / 1024,
    minAgeMs: MIN_AGE_MS,
    writeToLandingMs: { median: round(median(latencies), 0), p95: round(quantile(latencies, 0.95), 0) },
    burstFilesPerSecAfterLastWrite: round(median(burstRates), 1),
    restartWithAllSentMs: round(median(restarts), 0),
    resentOnRestart: 0,
  }
}
