import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { type Core, type CoreOptions, createCore } from '../../core/app/create-core.ts'
import { MemorySecretStore } from '../../core/app/testing/memory-secret-store.ts'
import { type SandboxHandle, startSandbox } from '../../sandbox/server.ts'
import { startWebHost, type WebHost } from '../server.ts'

export interface WebHostRig {
  readonly sandbox: SandboxHandle
  readonly core: Core
  readonly host: WebHost
}

/**
 * A sandbox, a real core on its own data folder (keys in memory) and the browser host over it, for the file's
 * tests; all closed and removed after them. `core` adds options of the test's own (a system language…).
 */
export function webHostRig(o: { seedFiles: number; core?: Partial<CoreOptions> }): WebHostRig {
  let dirs: string[] = []
  let sandbox: SandboxHandle | undefined
  let core: Core | undefined
  let host: WebHost | undefined
  beforeAll(async () => {
    dirs = await Promise.all(
      ['host', 'data', 'renderer'].map((n) => mkdtemp(join(tmpdir(), `filedock-web-${n}-`))),
    )
    const [hostDir, dataDir, rendererDir] = dirs as [string, string, string]
    sandbox = await startSandbox({ dataDir: hostDir, seedFiles: o.seedFiles })
    core = await createCore({
      dataDir,
      host: 'web',
      version: '0.1.0-test',
      secretStore: new MemorySecretStore(),
      log: () => undefined,
      ...o.core,
    })
    host = await startWebHost({ core, rendererDir, log: () => undefined })
  })
  afterAll(async () => {
    await host?.close()
    await core?.dispose()
    await sandbox?.close()
    for (const dir of dirs) await rm(dir, { recursive: true, force: true })
  })
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the web host rig's ${what} is used before beforeAll ran`)
    return value
  }
  return {
    get sandbox() {
      return ready(sandbox, 'sandbox')
    },
    get core() {
      return ready(core, 'core')
    },
    get host() {
      return ready(host, 'host')
    },
  }
}
