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

/** Runs a command and resolves with its wall time in ms and its stdout. */
export async function timeCommand(cmd: string, args: string[]): Promise<{ ms: number; stdout: string }> {
  const started = performance.now()
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'] })
  let stdout = ''
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
  })
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`${cmd} failed with exit code ${code}`)
  return { ms: performance.now() - started, stdout }
}
