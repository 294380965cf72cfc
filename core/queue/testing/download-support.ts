import { readdir } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { afterEach } from 'vitest'
import { noFaults } from '../../../sandbox/faults.ts'
import type { ServedRange } from '../../../sandbox/served-ranges.ts'
import type { ConflictPolicy } from '../../../shared/downloads.ts'
import type { EnqueueResult } from '../../../shared/queue.ts'
import type { PlanFs } from '../../download/local-plan.ts'
import type { DownloadSandbox } from '../../download/testing/download-sandbox.ts'
import { type DownloadPlan, type DownloadSource, planDownloads } from '../download-plan.ts'
import type { UploadEngine } from '../engine.ts'
import { openEngine, type TestEngine } from './support.ts'

/** Shared by the engine's download tests: files of the host as a plan takes them, and what to check after. */

/**
 * Engines of one test file, on the download sandbox's client, with `defaults` under each test's options; closed
 * (and the sandbox's faults lifted) after each test.
 */
export function downloadEngines(
  t: DownloadSandbox,
  defaults: Partial<Parameters<typeof openEngine>[0]> = {},
): (o?: Partial<Parameters<typeof openEngine>[0]>) => Promise<TestEngine> {
  const open: TestEngine[] = []
  afterEach(async () => {
    t.sandbox.setFaults(noFaults)
    for (const e of open.splice(0)) await e.close()
  })
  return async (o = {}) => {
    const e = await openEngine({ clientFor: () => t.client, ...defaults, ...o })
    open.push(e)
    return e
  }
}

/** A host file (an upload of the test) as the host side resolves it for a download. */
export function sourceOf(
  file: { code: string; size: number },
  name: string,
  relDir: readonly string[] = [],
  accountId = 'main',
): DownloadSource {
  return { code: file.code, size: file.size, name, relDir, accountId, fldId: 0 }
}

/** Plans the download of `sources` into `dir` and queues it, as the app and the CLI do. */
export async function enqueueDownload(
  engine: UploadEngine,
  sources: readonly DownloadSource[],
  dir: string,
  onConflict: ConflictPolicy = 'skip',
  fs?: PlanFs,
): Promise<{ plan: DownloadPlan; queued: EnqueueResult }> {
  const plan = await planDownloads({ files: sources, dir, onConflict, ...(fs ? { fs } : {}) })
  return { plan, queued: await engine.enqueueDownloads(plan) }
}

/** Every file under `dir` (work files and locks included), as paths relative to it, sorted. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort()
}

/**
 * The most times any byte of a file went out over the network, from the file server's log: each answer covers
 * [start, start + sent). 1 means every byte was fetched once.
 */
export function timesFetched(requests: readonly ServedRange[]): number {
  const edges = new Map<number, number>()
  for (const r of requests) {
    if (r.start === null || r.sent === 0) continue
    edges.set(r.start, (edges.get(r.start) ?? 0) + 1)
    edges.set(r.start + r.sent, (edges.get(r.start + r.sent) ?? 0) - 1)
  }
  let depth = 0
  let most = 0
  for (const at of [...edges.keys()].sort((a, b) => a - b)) {
    depth += edges.get(at) ?? 0
    most = Math.max(most, depth)
  }
  return most
}
