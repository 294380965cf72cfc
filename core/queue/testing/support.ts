import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { type SandboxHandle, type SandboxOptions, startSandbox } from '../../../sandbox/server.ts'
import type { FileListItem } from '../../../shared/api/types.ts'
import type { QueueEvent } from '../../../shared/queue.ts'
import { ApiClient } from '../../api/client.ts'
import { HistoryStore } from '../../history/history-store.ts'
import { UploadEngine, type UploadEngineOptions } from '../engine.ts'

/** Shared by the engine tests: a real sandbox host, real files in a temp folder, a real history store. */

export async function tempDir(prefix = 'filedock-queue-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix))
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true })
}

export async function sandbox(
  opts: Partial<SandboxOptions> = {},
): Promise<SandboxHandle & { dataDir: string }> {
  const dataDir = opts.dataDir ?? (await tempDir('filedock-queue-sb-'))
  const sb = await startSandbox({ port: 0, ...opts, dataDir })
  return Object.assign(sb, { dataDir })
}

export interface SandboxRig {
  sb: SandboxHandle & { dataDir: string }
  /** A client of the sandbox's main account (clientOf). */
  client: ApiClient
  /** An empty folder for the files a test drops. */
  src: string
}

/**
 * The set-up most engine tests share, for the tests of one file: a sandbox, a client of its account and a source
 * folder, started before them and removed after them. Read its fields inside the tests (they exist from then).
 */
export function sandboxRig(opts: Partial<SandboxOptions> = {}): SandboxRig {
  const rig = {} as SandboxRig
  beforeAll(async () => {
    rig.sb = await sandbox(opts)
    rig.client = clientOf(rig.sb.baseUrl, rig.sb.apiKey)
    rig.src = await tempDir()
  })
  afterAll(async () => {
    await rig.client?.close()
    await rig.sb?.close()
    if (rig.sb) await removeDir(rig.sb.dataDir)
    if (rig.src) await removeDir(rig.src)
  })
  return rig
}

/** A client with quick retries, as tests want them. */
export function clientOf(baseUrl: string, apiKey: string, opts: { timeoutMs?: number } = {}): ApiClient {
  return new ApiClient({
    baseUrl,
    apiKey,
    timeoutMs: opts.timeoutMs ?? 10_000,
    retryPolicy: { baseDelayMs: 5, maxDelayMs: 50, maxRetryAfterMs: 5_000 },
    uploadIdleTimeoutMs: 10_000,
  })
}

/** Writes files (relative path → content) under dir. */
export async function writeTree(dir: string, files: Record<string, string | Buffer>): Promise<void> {
  for (const [rel, content] of Object.entries(files)) {
    const path = join(dir, rel)
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, content)
  }
}

/** Every file of the account, through file/list pages. */
export async function allFiles(client: ApiClient, fldId?: number): Promise<FileListItem[]> {
  const out: FileListItem[] = []
  for (let page = 1; ; page++) {
    const r = await client.fileList({ page, perPage: 1000, ...(fldId !== undefined ? { fldId } : {}) })
    out.push(...r.files)
    if (r.files.length === 0 || out.length >= r.resultsTotal) return out
  }
}

export interface TestEngine {
  engine: UploadEngine
  history: HistoryStore
  events: QueueEvent[]
  dataDir: string
  close(): Promise<void>
}

export async function openEngine(
  o: Partial<UploadEngineOptions> & Pick<UploadEngineOptions, 'clientFor'>,
): Promise<TestEngine> {
  const dataDir = o.dataDir ?? (await tempDir('filedock-queue-data-'))
  const history = await HistoryStore.open(dataDir)
  const engine = await UploadEngine.open({
    accountLabel: (id) => `Account ${id}`,
    retry: { attempts: 8, baseMs: 5, maxMs: 100 },
    probe: { baseMs: 50, maxMs: 500 },
    ...o,
    dataDir,
    history,
  })
  const events: QueueEvent[] = []
  engine.onEvent((e) => events.push(e))
  let closing: Promise<void> | null = null
  return {
    engine,
    history,
    events,
    dataDir,
    // Once: a test may close an engine early (to open another on its journal) and its file's hook again.
    close: () => {
      closing ??= (async () => {
        await engine.close()
        await history.close()
      })()
      return closing
    },
  }
}

export function ofType<T extends QueueEvent['type']>(
  events: QueueEvent[],
  type: T,
): Extract<QueueEvent, { type: T }>[] {
  return events.filter((e): e is Extract<QueueEvent, { type: T }> => e.type === type)
}

/** Names → count, to see "each exactly once". */
export function countNames(files: readonly { name: string }[]): Map<string, number> {
  const m = new Map<string, number>()
  for (const f of files) m.set(f.name, (m.get(f.name) ?? 0) + 1)
  return m
}

/** Polls until `test` holds (a state reached between events), failing after timeoutMs. */
export async function until(test: () => boolean, timeoutMs = 15_000): Promise<void> {
  const end = performance.now() + timeoutMs
  while (!test()) {
    if (performance.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}
