import { join } from 'node:path'
import { filesJson } from '../core/index/files-json.ts'
import { IndexService } from '../core/index/index-service.ts'
import { indexedFile } from '../core/index/testing/indexed-file.ts'
import { asVersion3 } from '../core/index/testing/schema-3.ts'
import { ACCOUNT, hostlessIndex, seedName } from './index.ts'
import { round } from './lib/stats.ts'

const FILES = 100_000

/**
 * Opening a 100,000-file index of the schema before (3) after an update: the step to schema 4 computes a name key
 * for every row. Main's event loop is sampled from just before the open until the index answers; its longest gap
 * between two turns is how long the app's IPC would have stood still (the upgrade runs on the writer thread).
 */
export async function benchIndexOpen(work: string) {
  const dir = join(work, 'ix-open')
  const options = hostlessIndex(dir)
  const file = options.file
  const seeding = IndexService.open(options)
  await seeding.opened()
  for (let f = 1; f <= 100; f++)
    await seeding.recordChange(ACCOUNT, { kind: 'folderAdded', parentId: 0, fldId: f, name: `Folder ${f}` })
  for (let i = 0; i < FILES; i += 10_000) {
    const batch = Array.from({ length: 10_000 }, (_, k) =>
      indexedFile(i + k, { name: seedName(i + k), fldId: (i + k) % 101 }),
    )
    await seeding.recordChange(ACCOUNT, { kind: 'filesAdded', files: filesJson(batch) })
  }
  await seeding.close()
  asVersion3(file)

  const loop = sampleLoop()
  const started = performance.now()
  const index = IndexService.open(options)
  await index.opened()
  const openMs = performance.now() - started
  const maxStallMs = loop.stop()
  const [status] = index.status()
  await index.close()
  if (status?.filesIndexed !== FILES) throw new Error(`opened with ${status?.filesIndexed} files`)
  return {
    files: FILES,
    openMs: Math.round(openMs),
    mainMaxStallMs: round(maxStallMs, 1),
    turns: loop.turns(),
  }
}

/** Turns of main's event loop (setImmediate, as I/O callbacks would run) and the longest gap between two. */
function sampleLoop() {
  let last = performance.now()
  let max = 0
  let turns = 0
  let running = true
  const tick = () => {
    const now = performance.now()
    max = Math.max(max, now - last)
    last = now
    turns++
    if (running) setImmediate(tick)
  }
  setImmediate(tick)
  return {
    stop: () => {
      running = false
      return Math.max(max, performance.now() - last)
    },
    turns: () => turns,
  }
}
