import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorText } from '../../shared/i18n/error-text.ts'
import type { QueueEvent } from '../../shared/queue.ts'
import type { ApiClient } from '../api/client.ts'
import { intlFor } from '../i18n/main-intl.ts'
import { ITEM_INTERRUPTED_MESSAGE } from './controls.ts'
import { PAUSED_MESSAGE, STOPPED_MESSAGE } from './engine.ts'
import {
  clientOf,
  openEngine,
  removeDir,
  sandbox,
  type TestEngine,
  tempDir,
  writeTree,
} from './testing/support.ts'

function waitFor(t: TestEngine, test: (e: QueueEvent) => boolean): Promise<QueueEvent> {
  const seen = t.events.find(test)
  if (seen) return Promise.resolve(seen)
  return new Promise((resolve) => {
    const off = t.engine.onEvent((e) => {
      if (!test(e)) return
      off()
      resolve(e)
    })
  })
}

const sentMoreThan = (n: number) => (e: QueueEvent) =>
  e.type === 'queue.progress' && e.items.some((p) => p.bytesDone > n)

/** "Pause all" lets running uploads finish; "Stop now" interrupts them, and they start again from the beginning. */
describe('pausing tells the truth', () => {
  let sb: Awaited<ReturnType<typeof sandbox>>
  let client: ApiClient
  let src: string

  beforeAll(async () => {
    sb = await sandbox()
    client = clientOf(sb.baseUrl, sb.apiKey)
    src = await tempDir()
    await writeTree(src, {
      'a/first.bin': randomBytes(200 * 1024),
      'a/second.bin': randomBytes(1024),
      'b/first.bin': randomBytes(200 * 1024),
      'b/second.bin': randomBytes(1024),
      'c/first.bin': randomBytes(200 * 1024),
      'c/second.bin': randomBytes(1024),
    })
  })

  /** Names of the files in the mirrored folder `name` under `fldId` (each once if nothing was sent twice). */
  async function landedIn(fldId: number, name: string): Promise<string[]> {
    const sub = (await client.folderList(fldId)).folders.find((f) => f.name === name)
    return (await client.folderList(sub?.fldId ?? -1)).files.map((f) => f.name).sort()
  }

  afterAll(async () => {
    await client.close()
    await sb.close()
    await removeDir(sb.dataDir)
    await removeDir(src)
  })

  it('Pause all: the running upload finishes, the next one does not start', async () => {
    const { fldId } = await client.folderCreate('let-finish')
    const t = await openEngine({ clientFor: () => client, concurrency: 1, bandwidthBytesPerSec: 400 * 1024 })
    await t.engine.enqueuePaths({ paths: [join(src, 'a')], targets: [{ accountId: 'main', fldId }] })
    await waitFor(t, sentMoreThan(20 * 1024))
    await t.engine.pause()
    expect(t.engine.snapshot().paused?.message).toBe(PAUSED_MESSAGE)
    const done = await waitFor(t, (e) => e.type === 'queue.item' && e.item.state === 'done')
    const [first, second] = t.engine.snapshot().items
    // Finished in its one attempt, never interrupted; the other waits in line.
    expect(done.type === 'queue.item' && done.item.name).toBe('first.bin')
    expect(first).toMatchObject({ name: 'first.bin', state: 'done', attempts: 0 })
    expect(second).toMatchObject({ name: 'second.bin', state: 'queued' })
    expect(
      t.events.filter(
        (e) => e.type === 'queue.item' && e.item.state === 'running' && e.item.name === 'second.bin',
      ),
    ).toEqual([])
    await t.engine.resume()
    await t.engine.whenIdle()
    expect(await landedIn(fldId, 'a')).toEqual(['first.bin', 'second.bin'])
    await t.close()
    await removeDir(t.dataDir)
  })

  it('Stop now: the running upload is interrupted and starts again from the beginning on resume', async () => {
    const { fldId } = await client.folderCreate('stop-now')
    const t = await openEngine({ clientFor: () => client, concurrency: 1, bandwidthBytesPerSec: 400 * 1024 })
    await t.engine.enqueuePaths({ paths: [join(src, 'b')], targets: [{ accountId: 'main', fldId }] })
    await waitFor(t, sentMoreThan(20 * 1024))
    // First the default pause, then the stronger one: the second stops what the first let run.
    await t.engine.pause()
    await t.engine.pause(undefined, { stopNow: true })
    const pauses = t.events
      .filter((e) => e.type === 'queue.paused')
      .map((e) => e.type === 'queue.paused' && e.pause.message)
    expect(pauses).toEqual([PAUSED_MESSAGE, STOPPED_MESSAGE])
    await waitFor(
      t,
      (e) => e.type === 'queue.item' && e.item.name === 'first.bin' && e.item.state === 'queued',
    )
    const first = t.engine.snapshot().items[0]
    expect(first).toMatchObject({ name: 'first.bin', state: 'queued', bytesDone: 0, attempts: 0 })
    const mark = t.events.length
    await t.engine.resume()
    await t.engine.whenIdle()
    // Sent again from byte 0: the first progress of the new attempt starts low, not where the last one stopped.
    const again = t.events
      .slice(mark)
      .flatMap((e) => (e.type === 'queue.progress' ? e.items.filter((p) => p.id === first?.id) : []))
    expect(again[0]?.bytesDone ?? 0).toBeLessThan(100 * 1024)
    expect(await landedIn(fldId, 'b')).toEqual(['first.bin', 'second.bin'])
    await t.close()
    await removeDir(t.dataDir)
  })

  it("One item's pause: a running upload says it was interrupted and starts again; a waiting one just waits", async () => {
    const { fldId } = await client.folderCreate('item-pause')
    const t = await openEngine({ clientFor: () => client, concurrency: 1, bandwidthBytesPerSec: 400 * 1024 })
    await t.engine.enqueuePaths({ paths: [join(src, 'c')], targets: [{ accountId: 'main', fldId }] })
    await waitFor(t, sentMoreThan(20 * 1024))
    const [running, waiting] = t.engine.snapshot().items
    expect(running).toMatchObject({ name: 'first.bin', state: 'running', phase: 'uploading' })
    // Pausing twice is the same as once; the waiting item is paused before it ever starts.
    await t.engine.pause(waiting?.id)
    await t.engine.pause(running?.id)
    await t.engine.pause(running?.id)
    await waitFor(
      t,
      (e) => e.type === 'queue.item' && e.item.name === 'first.bin' && e.item.state === 'paused',
    )
    const [first, second] = t.engine.snapshot().items
    expect(first).toMatchObject({
      state: 'paused',
      bytesDone: 0,
      attempts: 0,
      error: { kind: 'cancelled', message: ITEM_INTERRUPTED_MESSAGE },
    })
    expect(second).toMatchObject({ state: 'paused', error: null })
    expect(await landedIn(fldId, 'c')).toEqual([])

    // The note survives a restart (it is in the journal) and goes once the item is resumed.
    await t.close()
    const again = await openEngine({ dataDir: t.dataDir, clientFor: () => client, concurrency: 1 })
    const kept = again.engine.snapshot().items[0]
    expect(kept).toMatchObject({
      state: 'paused',
      error: { kind: 'cancelled', message: ITEM_INTERRUPTED_MESSAGE },
    })
    // The journal keeps the note's id: the window words it in its language (as the queue row does).
    expect(kept?.error && errorText(await intlFor('es'), kept.error)).toBe(
      'La subida se interrumpió; vuelve a empezar desde el principio al reanudarla (el servidor no puede continuar una subida parcial).',
    )
    await again.engine.resume(first?.id)
    expect(again.engine.snapshot().items[0]?.error).toBeNull()
    await again.engine.resume()
    await again.engine.whenIdle()
    const [sent] = again.engine.snapshot().items
    expect(sent).toMatchObject({ state: 'done', error: null })
    expect(await landedIn(fldId, 'c')).toEqual(['first.bin', 'second.bin'])
    await again.close()
    await removeDir(t.dataDir)
  })
})
