import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { CACHE_DIR_ENV } from '../../core/app/data-dir.ts'

/** The real CLI, as users start it: `node bin/filedock.mjs …` (no npx, so a signal reaches the CLI itself). */
export const bin = fileURLToPath(new URL('../../bin/filedock.mjs', import.meta.url))

/**
 * bin/filedock.mjs runs the bundle `npm run build` makes; a test of the command must not run a bundle older
 * than the sources it is judged against, so the bundle is brought up to date first (a no-op when it is).
 */
export function ensureBuiltCli(): void {
  execFileSync(
    process.execPath,
    [fileURLToPath(new URL('../../scripts/build-cli.mjs', import.meta.url)), '--if-stale'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
}
ensureBuiltCli()

export interface CliRun {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

export interface CliChild {
  child: ChildProcess
  /** Resolves once stdout contains `text` (or the process ended). */
  stdoutHas(text: string): Promise<void>
  done: Promise<CliRun>
}

/**
 * The code caches of the command's runs in tests (cli/code-cache.ts): in this checkout's dist/, not the user's
 * cache folder, and kept from one test run to the next as the user's are between commands.
 */
export const testCacheDir = fileURLToPath(new URL('../../dist/test-cache', import.meta.url))

/** Environment for a child: undefined values remove a variable. */
export function childEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  // In English unless a test says otherwise, whatever language the machine running the tests speaks.
  const english = { LC_ALL: undefined, LC_MESSAGES: undefined, LANGUAGE: undefined, LANG: 'en_US.UTF-8' }
  const out: Record<string, string | undefined> = {
    ...process.env,
    ...english,
    [CACHE_DIR_ENV]: testCacheDir,
    ...env,
  }
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k]
  return out as NodeJS.ProcessEnv
}

export function startCli(
  args: string[],
  env: Record<string, string | undefined>,
  timeoutMs = 60_000,
): CliChild {
  const child = spawn(process.execPath, [bin, ...args], {
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  const waiters: { text: string; resolve: () => void }[] = []
  const wake = () => {
    for (const w of [...waiters]) {
      if (stdout.includes(w.text) || child.exitCode !== null || child.signalCode !== null) {
        waiters.splice(waiters.indexOf(w), 1)
        w.resolve()
      }
    }
  }
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString()
    wake()
  })
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString()
  })
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  const done = new Promise<CliRun>((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      wake()
      for (const w of waiters.splice(0)) w.resolve()
      resolve({ code, signal, stdout, stderr })
    })
  })
  return {
    child,
    done,
    stdoutHas: (text) =>
      new Promise<void>((resolve) => {
        waiters.push({ text, resolve })
        wake()
      }),
  }
}

export function runCli(
  args: string[],
  env: Record<string, string | undefined>,
  timeoutMs?: number,
): Promise<CliRun> {
  return startCli(args, env, timeoutMs).done
}

/** The JSON lines of a run's stdout. */
export function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>)
}

/**
 * The CLI's run() in this process, with stdout and stderr captured: for cases that need no process of their own
 * (no signal, no keychain failure), at a fraction of a child's start-up cost. The bin wiring (exit code, streams)
 * is covered by the spawned runs.
 */
export async function runHere(args: string[], env: Record<string, string | undefined>): Promise<CliRun> {
  const { run } = await import('../main.ts')
  let stdout = ''
  let stderr = ''
  const sink = (append: (s: string) => void) =>
    new Writable({
      write(chunk: Buffer | string, _enc, cb) {
        append(chunk.toString())
        cb()
      },
    })
  const code = await run(args, childEnv(env), new AbortController().signal, {
    stdout: sink((s) => {
      stdout += s
    }),
    stderr: sink((s) => {
      stderr += s
    }),
  })
  return { code, signal: null, stdout, stderr }
}
