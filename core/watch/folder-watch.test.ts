import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SandboxHandle, startSandbox } from '../../sandbox/server.ts'
import type { WatchActivity } from '../../shared/watch.ts'
import { ApiClient } from '../api/client.ts'
import { HistoryStore } from '../history/history-store.ts'
import { UploadEngine } from '../queue/engine.ts'
import { FolderWatch } from './folder-watch.ts'

let dir: string
let sandbox: SandboxHandle
let client: ApiClient

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-folder-watch-'))
  sandbox = await startSandbox({ dataDir: join(dir, 'host') })
  client = new ApiClient({
    baseUrl: sandbox.baseUrl,
    apiKey: sandbox.apiKey,
    retryPolicy: { baseDelayMs: 5, maxDelayMs: 20 },
  })
})

afterAll(async () => {
  await client.close()
  await sandbox.close()
  await rm(dir, { recursive: true, force: true })
})

async function until(what: string, check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/**
 * A watch of a new folder `name` under the test folder, with its own queue, history and records, sending to the
 * sandbox. close() stops all of it.
 */
async function startWatch(name: string, extra: { retryMs?: number } = {}) {
  const watched = join(dir, name)
  await mkdir(watched, { recursive: true })
  const history = await HistoryStore.open(join(dir, `history-${name}`))
  const engine = await UploadEngine.open({
    dataDir: join(dir, `queue-${name}`),
    clientFor: () => client,
    accountLabel: () => 'Sandbox',
    history,
  })
  const activity: WatchActivity[] = []
  const logs: string[] = []
  const watch = await FolderWatch.start({
    rule: { id: name, dir: watched, accountId: 'acc', fldId: 0, minAgeMs: 100, doneDir: null, paused: false },
    engine,
    clientFor: async () => client,
    recordsDir: join(dir, `records-${name}`),
    onActivity: (a) => activity.push(a),
    log: (line) => logs.push(line),
    ...extra,
  })
  const close = async () => {
    await watch.close()
    await engine.close()
    await history.close()
  }
  return { watched, activity, logs, watch, close }
}

describe('FolderWatch', () => {
  it('keeps a file whose folder cannot be made while the host fails, and sends it once the host answers', async () => {
    const { watched, activity, logs, watch, close } = await startWatch('watched', { retryMs: 300 })
    await mkdir(join(watched, 'sub'))
    try {
      sandbox.setFaults({ errorRate: 1 })
      await writeFile(join(watched, 'sub', 'report.txt'), 'made while the host was failing')
      await until('a retry', () => logs.some((l) => l.includes('Trying again')))
      expect(activity).toEqual([])
      expect(watch.pending).toBeGreaterThan(0)
      sandbox.setFaults({ errorRate: 0 })
      await until('the landing', () => activity.some((a) => a.type === 'sent'))
      expect(activity.map((a) => [a.type, a.relPath])).toEqual([['sent', 'sub/report.txt']])
      const sub = (await client.folderList(0)).folders.filter((f) => f.name === 'sub')
      expect(sub).toHaveLength(1)
      expect((await client.folderList(sub[0]?.fldId as number)).files.map((f) => f.name)).toEqual([
        'report.txt',
      ])
    } finally {
      sandbox.setFaults({ errorRate: 0 })
      await close()
    }
  }, 30_000)
})

describe('FolderWatch with an empty file', () => {
  it('leaves a file alone while it is empty and sends it once it has content', async () => {
    const { watched, activity, close } = await startWatch('empty-first')
    try {
      await writeFile(join(watched, 'later.txt'), '')
      await new Promise((r) => setTimeout(r, 800))
      expect(activity).toEqual([])
      await writeFile(join(watched, 'later.txt'), 'content at last')
      await until('the landing', () => activity.some((a) => a.type === 'sent'))
      expect(activity).toEqual([expect.objectContaining({ type: 'sent', relPath: 'later.txt', size: 15 })])
    } finally {
      await close()
    }
  }, 30_000)
})
