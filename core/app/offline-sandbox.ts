import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { defineMessages } from '@formatjs/intl'
import { type SandboxHandle, startSandbox } from '../../sandbox/server.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import { writeFileAtomic } from '../durable/atomic-file.ts'

export interface OfflineSandbox {
  /** Starts the sandbox on first use (later calls share it) and says where it listens. */
  ensure(): Promise<{ baseUrl: string; apiKey: string }>
  /** Stops it; a later ensure() starts it again. */
  stop(): Promise<void>
  /** Stops it for good (the app is quitting). */
  dispose(): Promise<void>
}

const RECORD_FILE = 'offline-sandbox.json'
/** Demo files for the "try it" account, seeded once into a fresh sandbox. */
const SEED_FILES = 24

/**
 * The embedded sandbox behind the "Offline sandbox" account, in this process, with its data under
 * `<dataDir>/sandbox` (same key and files on every launch). It prefers the port it had last time, so the saved
 * account address stays right; when that port is taken it takes any free one and the account follows.
 */
export function createOfflineSandbox(options: {
  dataDir: string
  start?: typeof startSandbox
  log?: (line: string) => void
}): OfflineSandbox {
  const start = options.start ?? startSandbox
  const recordPath = join(options.dataDir, RECORD_FILE)
  let running: Promise<SandboxHandle> | undefined
  let disposed = false

  const launch = async (): Promise<SandboxHandle> => {
    const dataDir = join(options.dataDir, 'sandbox')
    const port = await readPort(recordPath)
    let handle: SandboxHandle
    try {
      handle = await start({ dataDir, port: port ?? 0, seedFiles: SEED_FILES })
    } catch (error) {
      if (port === undefined || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
      options.log?.(`Filedock: port ${port} of the offline sandbox is taken; using another one.`)
      handle = await start({ dataDir, port: 0, seedFiles: SEED_FILES })
    }
    const actual = Number(new URL(handle.baseUrl).port)
    if (actual !== port) await writeFileAtomic(recordPath, `${JSON.stringify({ port: actual })}\n`)
    return handle
  }

  return {
    async ensure() {
      if (disposed) throw translatedError({ kind: 'cancelled' }, TEXT.shuttingDown)
      running ??= launch()
      try {
        const handle = await running
        return { baseUrl: handle.baseUrl, apiKey: handle.apiKey }
      } catch (error) {
        running = undefined
        const detail = error instanceof Error ? error.message : String(error)
        throw translatedError({ kind: 'internal' }, TEXT.notStarted, { detail })
      }
    },
    async stop() {
      const current = running
      running = undefined
      if (current) await (await current.catch(() => null))?.close()
    },
    async dispose() {
      disposed = true
      await this.stop()
    },
  }
}

async function readPort(path: string): Promise<number | undefined> {
  try {
    const { port } = JSON.parse(await readFile(path, 'utf8')) as { port?: unknown }
    return typeof port === 'number' && Number.isInteger(port) && port > 0 && port < 65536 ? port : undefined
  } catch {
    return undefined // missing or damaged: any free port will do, and the file is rewritten
  }
}

const TEXT = defineMessages({
  shuttingDown: { id: 'errors.app.shuttingDown', defaultMessage: 'Filedock is shutting down.' },
  notStarted: {
    id: 'errors.sandbox.notStarted',
    defaultMessage: 'The offline sandbox could not start: {detail}',
  },
})
