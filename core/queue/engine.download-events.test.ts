import { describe, expect, it } from 'vitest'
import { downloadSandboxForAll } from '../download/testing/download-sandbox.ts'
import { downloadEngines, enqueueDownload, sourceOf } from './testing/download-support.ts'
import { ofType } from './testing/support.ts'

// What a running download tells the window (each event crosses IPC or the browser host's socket and is drawn).
const t = downloadSandboxForAll()
const engine = downloadEngines(t)

describe('the events of a download', () => {
  it('a queue.item per change of state or phase, never per chunk: the bytes go in the coalesced progress', async () => {
    const file = await t.upload('paced.bin', 900_000)
    // 300 KB/s: three seconds of paced chunks, so several progress ticks while the phase stays the same.
    const e = await engine({ downloadBytesPerSec: 300_000 })
    await enqueueDownload(e.engine, [sourceOf(file, 'paced.bin')], await t.folder())
    await e.engine.whenIdle()

    const items = ofType(e.events, 'queue.item').map((x) => [x.item.state, x.item.phase])
    expect(items).toEqual([
      ['running', null],
      ['running', 'linking'],
      ['running', 'downloading'],
      ['running', 'finishing'],
      ['done', null],
    ])
    const ticks = ofType(e.events, 'queue.progress').filter((x) => x.items.length > 0)
    expect(ticks.length).toBeGreaterThan(5)
    const bytes = ticks.map((x) => x.items[0]?.bytesDone ?? 0)
    expect(bytes).toEqual([...bytes].sort((a, b) => a - b))
    // The last bytes come with the change to finishing (the view carries them), not in a tick of their own.
    const finishing = ofType(e.events, 'queue.item').find((x) => x.item.phase === 'finishing')
    expect(finishing?.item.bytesDone).toBe(900_000)
  })
})
