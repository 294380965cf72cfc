import { describe, expect, it } from 'vitest'
import { hintWhenLeaving, leavesWindow } from './leave-hint.ts'

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

/** A drag event as the document gets it (Node has EventTarget and Event, not DragEvent). */
function dragEvent(type: string, clientX = 600, clientY = 300): Event {
  return Object.assign(new Event(type), { clientX, clientY, relatedTarget: null })
}

describe('the hint of a drag too large to leave the window', () => {
  const watch = (isThisDrag = () => true) => {
    const doc = new EventTarget()
    const said: number[] = []
    hintWhenLeaving(
      isThisDrag,
      () => said.push(said.length),
      doc,
      () => view,
    )
    return { doc, said }
  }

  it('is said once per drag, when it leaves the window, not on leaves inside it', () => {
    const { doc, said } = watch()
    doc.dispatchEvent(dragEvent('dragleave'))
    expect(said).toEqual([])
    doc.dispatchEvent(dragEvent('dragleave', -3, 300))
    doc.dispatchEvent(dragEvent('dragleave', -3, 300))
    expect(said).toEqual([0])
  })

  it('is not said after its drag ended (dropped in the window, dragend, or another drag under way)', () => {
    for (const end of ['drop', 'dragend']) {
      const { doc, said } = watch()
      doc.dispatchEvent(dragEvent(end))
      doc.dispatchEvent(dragEvent('dragleave', 0, 0))
      expect(said).toEqual([])
    }
    let current = true
    const { doc, said } = watch(() => current)
    current = false
    doc.dispatchEvent(dragEvent('dragleave', 0, 0))
    current = true
    doc.dispatchEvent(dragEvent('dragleave', 0, 0))
    expect(said).toEqual([])
  })
})
