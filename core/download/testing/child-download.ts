import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import type { ChildJob } from './download-child.ts'

const script = new URL('./download-child.ts', import.meta.url).pathname

/** What download-child.ts said: progress, then its end. */
export interface ChildLine {
  progress?: number
  done?: { path: string; outcome: string; bytesFetched?: number; size?: number }
  maxRssBytes?: number
  error?: { kind: string; message: string }
}

export interface ChildDownload {
  child: ChildProcess
  lines: ChildLine[]
  /** Resolves once the child has said it holds at least `bytes` (or rejects if it ends first). */
  reached(bytes: number): Promise<void>
  /** Its exit: code, signal, its last line and its stderr. */
  ended: Promise<{
    code: number | null
    signal: NodeJS.Signals | null
    last: ChildLine | undefined
    stderr: string
  }>
}

/** Runs a download in a process of its own (download-child.ts); `as` runs it as another user. */
export function startChildDownload(job: ChildJob, as?: { uid: number; gid: number }): ChildDownload {
  const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(job)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(as ? { uid: as.uid, gid: as.gid, env: { ...process.env, HOME: '/tmp' } } : {}),
  })
  const lines: ChildLine[] = []
  const waiters = new Set<() => void>()
  let stderr = ''
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString()
  })
  const stdout = child.stdout
  if (stdout === null) throw new Error('the child has no stdout')
  createInterface({ input: stdout }).on('line', (line) => {
    lines.push(JSON.parse(line) as ChildLine)
    for (const wake of [...waiters]) wake()
  })
  const ended = once(child, 'close').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
    last: lines.at(-1),
    stderr,
  }))
  const reached = (bytes: number) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (lines.some((l) => (l.progress ?? 0) >= bytes)) {
          waiters.delete(check)
          resolve()
        }
      }
      waiters.add(check)
      check()
      void ended.then(() => {
        if (waiters.delete(check)) reject(new Error(`the download ended before ${bytes} bytes: ${stderr}`))
      })
    })
  return { child, lines, reached, ended }
}
