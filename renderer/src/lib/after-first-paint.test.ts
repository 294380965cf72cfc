import { beforeEach, describe, expect, it, vi } from 'vitest'

// The module keeps whether the window has painted: each test starts from a window that has not.
let lib: typeof import('./after-first-paint.ts')
beforeEach(async () => {
  vi.resetModules()
  lib = await import('./after-first-paint.ts')
})

describe('a component kept for after the first paint', () => {
  it('is not read before the window has painted, then read once', async () => {
    const dialog = vi.fn(async () => () => null)
    const field = vi.fn(async () => () => null)
    lib.afterFirstPaint(dialog)
    lib.afterFirstPaint(field)
    expect(dialog).not.toHaveBeenCalled()
    expect(field).not.toHaveBeenCalled()
    lib.firstPaintDone()
    lib.firstPaintDone()
    expect(dialog).toHaveBeenCalledTimes(1)
    expect(field).toHaveBeenCalledTimes(1)
  })

  it('made once the window has painted, is read at once', () => {
    lib.firstPaintDone()
    const load = vi.fn(async () => () => null)
    lib.afterFirstPaint(load)
    expect(load).toHaveBeenCalledTimes(1)
  })
})
