import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

const main = fileURLToPath(new URL('../../sandbox/main.ts', import.meta.url))

export interface SandboxProcess {
  baseUrl: string
  apiKey: string
  /** SIGKILL: the sandbox is durable, and a kill does not wait for requests in flight. */
  kill(): Promise<void>
}

/** A sandbox host in a process of its own (`node --import tsx sandbox/main.ts --port 0 …`). */
export async function startSandboxProcess(args: string[]): Promise<SandboxProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', main, '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString()
  })
  const ready = await new Promise<{ baseUrl: string; apiKey: string }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the sandbox exited with ${code}: ${stderr}`)))
    createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line)))
  })
  return {
    ...ready,
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGKILL')
      }),
  }
}
