import { describe, expect, it } from 'vitest'
import { MAX_DRAG_FILES } from '../../../../shared/ipc/limits.ts'
import { cacheDecides, DRAG_OUT_FETCH_BYTES, type DragPick, dragWay } from './drag-way.ts'

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
    const video = file('v', 150 * MiB)
    const cached = (f: DragPick) => f.fileCode === video.fileCode
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

describe('when main is asked which copies are ready', () => {
  const picks = (picked: DragPick[], all = false) => ({ dragOut: true, all, picked })

  it('only for picks whose way the answer can change: too large to fetch, few enough to drag out', () => {
    expect(cacheDecides(picks([file('a', 10 * MiB), file('b', 10 * MiB)]))).toBe(true)
    expect(cacheDecides(picks([file('v', 150 * MiB)]))).toBe(true)
    // Small enough to drag out whatever the cache holds: most clicks ask nothing.
    expect(cacheDecides(picks([file('a', 300_000)]))).toBe(false)
    expect(cacheDecides(picks([], true))).toBe(false)
    const many = Array.from({ length: MAX_DRAG_FILES + 1 }, (_, i) => file(`f${i}`, MiB))
    expect(cacheDecides(picks(many))).toBe(false)
    expect(cacheDecides({ ...picks([file('v', 150 * MiB)]), dragOut: false })).toBe(false)
  })
})
