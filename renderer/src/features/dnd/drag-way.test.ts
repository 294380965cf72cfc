import { describe, expect, it } from 'vitest'
import { MAX_DRAG_FILES } from '../../../../shared/ipc/limits.ts'
import { CopyMemory } from './drag-copies.ts'
import { DRAG_OUT_FETCH_BYTES, type DragPick, dragWay } from './drag-way.ts'

const MiB = 1024 * 1024
const file = (fileCode: string, size: number): DragPick => ({ fileCode, size })
const nothingCached = () => false

describe('which drag a drag of picked files is', () => {
  it('small picks take the OS drag (they can leave the window), up to the threshold in all', () => {
    expect(dragWay({ dragOut: true, all: false, picked: [file('a', 300_000)], cached: nothingCached })).toBe(
      'out',
    )
    const toTheByte = [file('a', DRAG_OUT_FETCH_BYTES - 1000), file('b', 1000)]
    expect(dragWay({ dragOut: true, all: false, picked: toTheByte, cached: nothingCached })).toBe('out')
  })

  it('a large pick stays the page drag, so a move within the window starts at once and fetches nothing', () => {
    expect(
      dragWay({ dragOut: true, all: false, picked: [file('v', 150 * MiB)], cached: nothingCached }),
    ).toBe('tooLarge')
    const justOver = [file('a', DRAG_OUT_FETCH_BYTES), file('b', 1)]
    expect(dragWay({ dragOut: true, all: false, picked: justOver, cached: nothingCached })).toBe('tooLarge')
    // Many small files add up.
    const many = Array.from({ length: MAX_DRAG_FILES }, (_, i) => file(`f${i}`, MiB))
    expect(dragWay({ dragOut: true, all: false, picked: many, cached: nothingCached })).toBe('tooLarge')
  })

  it('a large pick whose copies are already in the drag cache takes the OS drag: only what is missing counts', () => {
    const memory = new CopyMemory()
    const video = file('v', 150 * MiB)
    memory.remember('work', [video])
    const cached = (f: DragPick) => memory.has('work', f)
    expect(dragWay({ dragOut: true, all: false, picked: [video], cached })).toBe('out')
    expect(dragWay({ dragOut: true, all: false, picked: [video, file('p', 2 * MiB)], cached })).toBe('out')
    expect(dragWay({ dragOut: true, all: false, picked: [video, file('i', 20 * MiB)], cached })).toBe(
      'tooLarge',
    )
  })

  it('a Ctrl+A selection, or more files than a drag carries, stays the page drag whatever their size', () => {
    expect(dragWay({ dragOut: true, all: true, picked: [], cached: nothingCached })).toBe('tooLarge')
    const tiny = Array.from({ length: MAX_DRAG_FILES + 1 }, (_, i) => file(`f${i}`, 10))
    expect(dragWay({ dragOut: true, all: false, picked: tiny, cached: () => true })).toBe('tooLarge')
  })

  it('where the host has no OS drag (the browser host), every drag is the page drag, with no hint', () => {
    expect(dragWay({ dragOut: false, all: false, picked: [file('a', 10)], cached: nothingCached })).toBe(
      'page',
    )
    expect(
      dragWay({ dragOut: false, all: false, picked: [file('v', 150 * MiB)], cached: nothingCached }),
    ).toBe('page')
  })
})

describe('the memory of the copies in the drag cache', () => {
  it('knows a copy by its account, code and size (another size is another state of the file)', () => {
    const memory = new CopyMemory()
    memory.remember('work', [file('a', 100)])
    expect(memory.has('work', file('a', 100))).toBe(true)
    expect(memory.has('work', file('a', 101))).toBe(false)
    expect(memory.has('home', file('a', 100))).toBe(false)
    expect(memory.has('work', file('b', 100))).toBe(false)
  })

  it('forgets the copies used longest ago beyond the cache bounds, never those just fetched', () => {
    const memory = new CopyMemory({ bytes: 250, files: 3 })
    memory.remember('work', [file('a', 100)])
    memory.remember('work', [file('b', 100)])
    // Dragged again: the newest, so b goes first.
    memory.remember('work', [file('a', 100)])
    memory.remember('work', [file('c', 100)])
    expect(['a', 'b', 'c'].map((c) => memory.has('work', file(c, 100)))).toEqual([true, false, true])
    // The file count bounds it too.
    memory.remember('work', [file('d', 1), file('e', 1)])
    const after = [file('a', 100), file('c', 100), file('d', 1), file('e', 1)]
    expect(after.map((f) => memory.has('work', f))).toEqual([false, true, true, true])
    // One drag larger than the bounds keeps all its own copies.
    memory.remember('work', [file('x', 200), file('y', 200)])
    expect([memory.has('work', file('x', 200)), memory.has('work', file('y', 200))]).toEqual([true, true])
    expect(memory.has('work', file('c', 100))).toBe(false)
  })
})
