import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { uploadRig } from '../core/app/testing/upload-rig.ts'
import { createDispatcher } from '../core/ipc/dispatcher.ts'
import { type SandboxHandle, startSandbox } from '../sandbox/server.ts'
import type { LinksReadyEvent } from '../shared/ipc/queue-events.ts'
import type { EnqueueResult, QueueSnapshot } from '../shared/queue.ts'
import { attachStagedDrops } from './staged-drops.ts'
import { StagingArea } from './staging-area.ts'

let sandbox: SandboxHandle
let sandboxDir: string
const cleanup: Array<() => Promise<void>> = []

beforeAll(async () => {
  sandboxDir = await mkdtemp(join(tmpdir(), 'filedock-staging-host-'))
  sandbox = await startSandbox({ dataDir: sandboxDir, seedFiles: 0 })
})

afterAll(async () => {
  await sandbox.close()
  await rm(sandboxDir, { recursive: true, force: true })
})

afterEach(async () => {
  for (const undo of cleanup.splice(0).reverse()) await undo()
})

/** A real core with the browser host's staged drops attached, called through the dispatcher like the page. */
async function webRig(dataDir?: string) {
  const r = await uploadRig(sandbox, cleanup, dataDir === undefined ? {} : { dataDir })
  const drops = attachStagedDrops(r.core, r.dataDir, () => undefined)
  cleanup.push(() => drops.close())
  const d = createDispatcher(drops.handlers, { log: () => undefined })
  const call = async <T>(channel: string, input: unknown = {}): Promise<T> => {
    const res = await d.dispatch(channel, input)
    if (!res.ok) throw new Error(`${channel}: ${res.error.kind}: ${res.error.message}`)
    return res.value as T
  }
  return { ...r, drops, call }
}

const staged = (dataDir: string) => readdir(join(dataDir, 'staging')).catch(() => [] as string[])

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  // A wait for the condition, not a bound on how soon it holds: a loaded machine may take its time.
  const deadline = Date.now() + 20_000
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((res) => setTimeout(res, 50))
  }
}

describe('staged drops (browser host only)', () => {
  it('the core alone never touches a staging folder: it receives paths', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'filedock-core-only-'))
    await mkdir(join(dataDir, 'staging', 'leftover-0001'), { recursive: true })
    const r = await uploadRig(sandbox, cleanup, { dataDir, host: 'electron' })
    expect(Object.keys(r.core)).not.toContain('staging')
    await r.call('queue.snapshot')
    expect(await staged(dataDir)).toEqual(['leftover-0001'])
  })

  it('sweeps leftovers at start, and a staged folder once its batch has finished', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'filedock-uq-staging-'))
    await mkdir(join(dataDir, 'staging', 'leftover-0001', 'x'), { recursive: true })
    await writeFile(join(dataDir, 'staging', 'leftover-0001', 'x', 'y.txt'), 'left over')
    const r = await webRig(dataDir)
    await r.drops.sweep()
    expect(await staged(dataDir)).toEqual([])

    const id = 'b6f1c3de-0000-4000-8000-000000000001'
    const file = await r.drops.area.prepare(id, ['Trip', 'day 1', 'a.txt'])
    await writeFile(file.path, 'staged bytes')
    const empty = await r.drops.area.prepare(id, ['blank.txt'])
    await writeFile(empty.path, '')
    const result = await r.call<EnqueueResult>('queue.enqueuePaths', {
      paths: [file.top, empty.top],
      targets: [{ accountId: r.account.id, fldId: 0 }],
    })
    // Problems name staged files as they were dropped, not by their place in the data folder.
    expect(result.problems).toEqual([expect.objectContaining({ kind: 'empty', path: 'blank.txt' })])
    const links = await r.next('links.ready', (e: LinksReadyEvent) => e.batchId === result.batchId)
    expect(links.files).toBe(1)
    await until(async () => (await staged(dataDir)).length === 0, 'the staged folder to go')
    const history = await r.call<Array<{ relPath: string }>>('history.search', { limit: 10, offset: 0 })
    expect(history.map((h) => h.relPath)).toEqual(['Trip/day 1/a.txt'])
  })

  it('a restart keeps the staged files of unfinished uploads, and lets them go once cancelled', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'filedock-uq-restart-'))
    const r = await webRig(dataDir)
    await r.call('queue.pause', {})
    const id = 'b6f1c3de-0000-4000-8000-000000000002'
    const file = await r.drops.area.prepare(id, ['waiting.txt'])
    await writeFile(file.path, 'not yet uploaded')
    await r.call<EnqueueResult>('queue.enqueuePaths', {
      paths: [file.top],
      targets: [{ accountId: r.account.id, fldId: 0 }],
    })

    // The browser host restarting (a new attach on the same data folder), twice: each start sweeps.
    for (let run = 0; run < 2; run++) {
      await r.drops.close()
      const again = attachStagedDrops(r.core, dataDir, () => undefined)
      cleanup.push(() => again.close())
      await again.sweep()
      expect(await staged(dataDir)).toEqual([id])
    }

    const snapshot = await r.call<QueueSnapshot>('queue.snapshot')
    const item = snapshot.items.find((i) => i.source === file.path || i.source === file.top)
    expect(item?.state).toBe('queued')
    await r.call('queue.cancel', { itemId: item?.id })
    await until(async () => (await staged(dataDir)).length === 0, 'the cancelled drop to go')
  })

  it('a drop queued while a sweep waits for the queue keeps its folder (a drop right after a batch finished)', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'filedock-uq-race-'))
    const area = new StagingArea(dataDir)
    const id = 'b6f1c3de-0000-4000-8000-000000000003'
    const file = await area.prepare(id, ['loose.txt'])
    await writeFile(file.path, 'dropped just now')
    // The queue's answer predates the enqueue that lands while the question is out: it does not list the drop.
    const removed = await area.sweep(async () => {
      area.queued([id])
      return new Set()
    })
    expect(removed).toEqual([])
    expect(await staged(dataDir)).toEqual([id])
    // A later sweep, whose answer no longer needs it (its upload is done), lets it go.
    expect(await area.sweep(async () => new Set())).toEqual([id])
    expect(await staged(dataDir)).toEqual([])
  })

  it('refuses staged names that could leave the folder', async () => {
    const r = await webRig()
    for (const segments of [
      ['..', 'x'],
      ['a', '..', '..', 'x'],
      ['.'],
      [''],
      ['a/b'],
      ['a\\b'],
      ['nul\u0000'],
      [],
    ]) {
      await expect(
        r.drops.area.prepare('abcdef0123', segments),
        JSON.stringify(segments),
      ).rejects.toMatchObject({ kind: 'invalid_input' })
    }
    await expect(r.drops.area.prepare('../../etc', ['x'])).rejects.toMatchObject({ kind: 'invalid_input' })
    expect(r.drops.area.idOf(join(r.dataDir, 'staging', 'abcdef0123', 'x'))).toBe('abcdef0123')
    expect(r.drops.area.idOf(join(r.dataDir, 'elsewhere', 'x'))).toBeNull()
  })
})
