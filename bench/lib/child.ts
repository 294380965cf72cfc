import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

/** A child started with `tsx` that announces readiness with one JSON line on stdout. */
export interface ReadyChild<T> {
  ready: T
  child: ChildProcess
  stop(): Promise<void>
}

const tsx = ['--import', 'tsx']

/** Starts `node --import tsx <script> ...args` and resolves with its first stdout line, parsed as JSON. */
export async function startReady<T>(
  script: string,
  args: string[],
  timeoutMs = 60_000,
): Promise<ReadyChild<T>> {
  const child = spawn(process.execPath, [...tsx, script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] })
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
  const ready = await new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} was not ready in ${timeoutMs} ms`)), timeoutMs)
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready`)))
    lines.once('line', (line) => {
      clearTimeout(timer)
      resolve(JSON.parse(line) as T)
    })
  })
  return {
    ready,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** Runs `node --import tsx <script> ...args` to completion and parses its last stdout line as JSON. */
export async function runJson<T>(script: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<T> {
  const child = spawn(process.execPath, [...tsx, script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  })
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString()
  })
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`${script} failed with exit code ${code}`)
  return JSON.parse(out.trim().split('\n').at(-1) ?? 'null') as T
}

export interface TimedRun {
  ms: number
  /** The child's peak RSS (the kernel's maxrss, from GNU time's %M), so nothing of ours measures itself. */
  maxRssMiB: number
  stdout: string
}

/** Runs a command under GNU time (`/usr/bin/time -f %M`); wall time from spawn to exit, and its peak RSS. */
export function timeCommand(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<TimedRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn('/usr/bin/time', ['-f', '%M', cmd, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString()
    })
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString()
    })
    child.once('error', reject)
    child.once('exit', (code) => {
      const ms = performance.now() - started
      if (code !== 0)
        return reject(new Error(`${cmd} ${args.join(' ')} exited ${code}: ${stderr.slice(-500)}`))
      resolve({ ms, maxRssMiB: Number(stderr.trim().split('\n').at(-1)) / 1024, stdout })
    })
  })
}
