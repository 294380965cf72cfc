import { describe, expect, it } from 'vitest'
import { createDragOut, type DragOutShell } from './drag-out.ts'
import { WINDOW_ICON_DATA_URL } from './tray-icon.ts'

/** A NativeImage as far as the drag looks at it: where it came from, and whether it is empty. */
class FakeImage {
  constructor(
    readonly from: string,
    private readonly empty = false,
  ) {}
  isEmpty() {
    return this.empty
  }
}

function rig(o: { typeIcon?: FakeImage | 'fails'; closed?: boolean } = {}) {
  const drags: Array<{ file: string; files?: string[]; icon: unknown }> = []
  const asked: string[] = []
  const shell: DragOutShell = {
    contents: () => ({
      isDestroyed: () => o.closed === true,
      startDrag: (item) => {
        drags.push(item as (typeof drags)[number])
      },
    }),
    nativeImage: { createFromDataURL: (url: string) => new FakeImage(url) as never },
    getFileIcon: async (path: string) => {
      asked.push(path)
      if (o.typeIcon === 'fails' || o.typeIcon === undefined) throw new Error('no icon for this type')
      return o.typeIcon as never
    },
  }
  return { drag: createDragOut(shell), drags, asked }
}

describe('createDragOut', () => {
  it("drags one file with its type's icon, from the OS", async () => {
    const icon = new FakeImage('pdf icon')
    const r = rig({ typeIcon: icon })
    await r.drag(['/cache/drag/a/x1/report.pdf'])
    expect(r.asked).toEqual(['/cache/drag/a/x1/report.pdf'])
    expect(r.drags).toEqual([
      { file: '/cache/drag/a/x1/report.pdf', files: ['/cache/drag/a/x1/report.pdf'], icon },
    ])
  })

  it("drags several files under the app's icon, and never with an empty icon (macOS refuses those)", async () => {
    const several = rig({ typeIcon: new FakeImage('txt icon') })
    await several.drag(['/c/a.txt', '/c/b.txt'])
    expect(several.asked).toEqual([])
    expect(several.drags).toEqual([
      { file: '/c/a.txt', files: ['/c/a.txt', '/c/b.txt'], icon: new FakeImage(WINDOW_ICON_DATA_URL) },
    ])
    for (const typeIcon of ['fails', new FakeImage('blank', true)] as const) {
      const r = rig({ typeIcon })
      await r.drag(['/c/odd.weird'])
      expect(r.drags[0]?.icon).toEqual(new FakeImage(WINDOW_ICON_DATA_URL))
    }
  })

  it('says so when the window is gone by the time the copies are ready', async () => {
    const r = rig({ closed: true })
    await expect(r.drag(['/c/a.txt'])).rejects.toMatchObject({
      kind: 'internal',
      message: 'The drag could not start: the window that began it is closed.',
    })
    expect(r.drags).toEqual([])
  })
})
