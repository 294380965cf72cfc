import { useRef } from 'react'

/**
 * The rows a scrolled list draws, in slot order. Row i is drawn by slot `i % slots`, and the slots are listed in
 * the same order every frame, so when the list scrolls, a slot whose row left the view takes the row coming in
 * where it is: no element is moved, inserted or removed, only that slot's content and position change. (Listing
 * the rows top to bottom instead would make React move every recycled element to its new place in the DOM, which
 * the browser treats as removing and inserting it, restyling its whole subtree: the main cost of a scrolled frame.)
 *
 * `first` is the first row drawn and `count` how many rows exist; at most `slots` rows are drawn. The answer lists
 * row indexes; a slot is left out where no row falls on it (the end of the list).
 */
export function slotOrder(first: number, count: number, slots: number): number[] {
  const out: number[] = []
  if (slots <= 0) return out
  const last = Math.min(count, first + slots) - 1
  const base = first - (first % slots)
  for (let slot = 0; slot < slots; slot++) {
    // The one row in first..first+slots-1 that this slot draws.
    const index = base + slot < first ? base + slot + slots : base + slot
    if (index <= last) out.push(index)
  }
  return out
}

/**
 * How many slots the list keeps: the most rows it has had to draw at once. It only grows, so a row's slot does not
 * change when one more or one fewer row fits in the view as the scroll offset moves (that would hand every slot
 * another row in one frame).
 */
export function useSlotCount(rowsInView: number): number {
  const most = useRef(0)
  if (rowsInView > most.current) most.current = rowsInView
  return most.current
}
