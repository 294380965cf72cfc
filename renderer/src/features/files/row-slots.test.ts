import { describe, expect, it } from 'vitest'
import { slotOrder } from './row-slots.ts'

const slotOf = (slots: number) => (index: number) => index % slots

describe('slotOrder', () => {
  it('draws each row from first on once, by slot', () => {
    expect(slotOrder(0, 1000, 5)).toEqual([0, 1, 2, 3, 4])
    expect(slotOrder(7, 1000, 5)).toEqual([10, 11, 7, 8, 9])
    expect(slotOrder(10, 1000, 5)).toEqual([10, 11, 12, 13, 14])
  })

  it('draws only the rows that exist at the end of the list', () => {
    expect(slotOrder(8, 10, 5)).toEqual([8, 9])
    expect(slotOrder(0, 3, 5)).toEqual([0, 1, 2])
    expect(slotOrder(0, 0, 5)).toEqual([])
    expect(slotOrder(0, 10, 0)).toEqual([])
  })

  it('keeps the slots in one order while scrolling, so no drawn row is moved', () => {
    const slots = 45
    let before = slotOrder(0, 100_000, slots)
    for (let first = 0; first < 2_000; first += 10) {
      const now = slotOrder(first, 100_000, slots)
      expect(now).toHaveLength(slots)
      expect(new Set(now)).toEqual(new Set(Array.from({ length: slots }, (_, i) => first + i)))
      // The keys React sees (the slots) come in the same order every frame.
      expect(now.map(slotOf(slots))).toEqual(before.map(slotOf(slots)))
      // Rows still in view keep their slot.
      for (const index of now)
        if (before.includes(index)) expect(now.indexOf(index)).toBe(before.indexOf(index))
      before = now
    }
  })

  it('scrolling up reuses the slots the same way', () => {
    const down = slotOrder(300, 100_000, 40)
    const up = slotOrder(290, 100_000, 40)
    expect(up.map(slotOf(40))).toEqual(down.map(slotOf(40)))
    expect(up.filter((i) => down.includes(i)).map((i) => up.indexOf(i))).toEqual(
      down.filter((i) => up.includes(i)).map((i) => down.indexOf(i)),
    )
  })
})
