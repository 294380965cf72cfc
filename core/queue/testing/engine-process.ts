import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const script = fileURLToPath(new URL('./run-engine.ts', import.meta.url))

/** A queue in a process of its own (run-engine.ts), for the tests that kill it with SIGKILL. */
export interface Run {
  child: ChildProcess
  /** Resolves once the engine runs (or the process ended first). */
  opened: Promise<void>
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }>
}

export function startRun(args: string[]): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  let markOpen: () => void = () => {}
  const opened = new Promise<void>((resolve) => {
    markOpen = resolve
  })
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString()
    if (out.includes('OPEN')) markOpen()
  })
  child.stderr?.on('data', (c: Buffer) => {
    err += c.toString()
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }>(
    (resolve) => {
      child.on('exit', (code, signal) => {
        markOpen()
        resolve({ code, signal, out: out + err })
      })
    },
  )
  return { child, opened, exited }
}

/** The summary a run prints when all is finished (`IDLE <json>`). */
export function idleSummary(out: string): unknown {
  return JSON.parse(out.slice(out.indexOf('IDLE ') + 5).split('\n')[0] as string)
}
