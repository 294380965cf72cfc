import { describe, expect, it } from 'vitest'
import { leavesWindow } from './leave-hint.ts'

const view = { width: 1200, height: 800 }
const leave = (clientX: number, clientY: number, relatedTarget: EventTarget | null = null) => ({
  clientX,
  clientY,
  relatedTarget,
})

describe('a dragleave that leaves the window', () => {
  it('has no element entered next and a point outside the viewport or on its edge', () => {
    for (const [x, y] of [
      [-4, 300],
      [600, -1],
      [1200, 300],
      [1250, 300],
      [600, 800],
      // Chromium's leave of the window in some versions.
      [0, 0],
    ] as const)
      expect(leavesWindow(leave(x, y), view)).toBe(true)
  })

  it('is not a leave between elements inside the window, whatever its relatedTarget says', () => {
    expect(leavesWindow(leave(600, 300), view)).toBe(false)
    expect(leavesWindow(leave(1, 799), view)).toBe(false)
    // An element is entered next: still inside, even at a point the event rounds onto the edge.
    expect(leavesWindow(leave(0, 300, new EventTarget()), view)).toBe(false)
  })
})
