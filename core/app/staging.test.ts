import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type SandboxHandle, startSandbox } from '../../sandbox/server.ts'
import type { LinksReadyEvent } from '../../shared/ipc/queue-events.ts'
import type { EnqueueResult } from '../../shared/queue.ts'
import { uploadRig } from './testing/upload-rig.ts'

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

const rig = (options: Parameters<typeof uploadRig>[2] = {}) => uploadRig(sandbox, cleanup, options)

describe('staged drops (browser host)', () => {
  it('sweeps leftovers at start, and a staged folder once its batch has finished', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'filedock-uq-staging-'))
    await mkdir(join(dataDir, 'staging', 'leftover-0001', 'x'), { recursive: true })
    await writeFile(join(dataDir, 'staging', 'leftover-0001', 'x', 'y.txt'), 'left over')
    const r = await rig({ dataDir })
    await r.core.queue.sweepStaging()
    expect(await readdir(join(dataDir, 'staging'))).toEqual([])

    const id = 'b6f1c3de-0000-4000-8000-000000000001'
    const staged = await r.core.staging.prepare(id, ['Trip', 'day 1', 'a.txt'])
    await writeFile(staged.path, 'staged bytes')
    const empty = await r.core.staging.prepare(id, ['blank.txt'])
    await writeFile(empty.path, '')
    const result = await r.call<EnqueueResult>('queue.enqueuePaths', {
      paths: [staged.top, empty.top],
      accountIds: [r.account.id],
      fldId: 0,
    })
    // Problems name staged files as they were dropped, not by their place in the data folder.
    expect(result.problems).toEqual([expect.objectContaining({ kind: 'empty', path: 'blank.txt' })])
    const links = await r.next('links.ready', (e: LinksReadyEvent) => e.batchId === result.batchId)
    expect(links.files).toBe(1)
    const deadline = Date.now() + 5000
    while ((await readdir(join(dataDir, 'staging'))).length > 0 && Date.now() < deadline) {
      await new Promise((res) => setTimeout(res, 50))
    }
    expect(await readdir(join(dataDir, 'staging'))).toEqual([])
    const history = await r.call<Array<{ relPath: string }>>('history.search', { limit: 10, offset: 0 })
    expect(history.map((h) => h.relPath)).toEqual(['Trip/day 1/a.txt'])
  })

  it('refuses staged names that could leave the folder', async () => {
    const r = await rig()
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
        r.core.staging.prepare('abcdef0123', segments),
        JSON.stringify(segments),
      ).rejects.toMatchObject({
        kind: 'invalid_input',
      })
    }
    await expect(r.core.staging.prepare('../../etc', ['x'])).rejects.toMatchObject({ kind: 'invalid_input' })
    expect(r.core.staging.idOf(join(r.dataDir, 'staging', 'abcdef0123', 'x'))).toBe('abcdef0123')
    expect(r.core.staging.idOf(join(r.dataDir, 'elsewhere', 'x'))).toBeNull()
  })
})
