import { type RefObject, useEffect, useRef } from 'react'

/** Tab stops in document order, as the browser's Tab walks them (visible, enabled, not taken out with -1). */
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]'

function tabStops(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && !el.matches(':disabled') && el.getClientRects().length > 0,
  )
}

const headerButtons = (grid: HTMLElement) => [
  ...grid.querySelectorAll<HTMLElement>('.files-header .sort-btn'),
]

/**
 * Tab goes through the column headers before the rows, as they are on screen. The grid is the rows' one tab stop
 * (its cursor row is aria-activedescendant) and the headers are inside it, so the browser's own order would be
 * rows, then headers. The headers are taken out of that order (tabIndex -1) and walked here instead: Tab into the
 * grid from before it lands on the first header; Tab from the last header lands on the rows; Shift+Tab the other
 * way. Only a Tab does this: a click or the app giving the grid focus back (after a dialog, Esc in the search box)
 * goes to the rows.
 */
export function useHeadersBeforeRows(grid: RefObject<HTMLElement | null>) {
  const tabbing = useRef(false)
  useEffect(() => {
    const down = (e: KeyboardEvent) => {
      tabbing.current = e.key === 'Tab' && !e.shiftKey
    }
    const up = (e: KeyboardEvent) => {
      if (e.key === 'Tab') tabbing.current = false
    }
    const pointer = () => {
      tabbing.current = false
    }
    window.addEventListener('keydown', down, true)
    window.addEventListener('keyup', up, true)
    window.addEventListener('pointerdown', pointer, true)
    return () => {
      window.removeEventListener('keydown', down, true)
      window.removeEventListener('keyup', up, true)
      window.removeEventListener('pointerdown', pointer, true)
    }
  }, [])

  const onFocus = (e: React.FocusEvent<HTMLElement>) => {
    const el = grid.current
    if (!el || e.target !== el || !tabbing.current) return
    const from = e.relatedTarget
    const fromBefore =
      from instanceof Node &&
      !el.contains(from) &&
      (from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
    if (fromBefore) headerButtons(el)[0]?.focus()
  }

  /** Shift+Tab on the rows: to the last header. True when handled. */
  const onGridTab = (e: React.KeyboardEvent<HTMLElement>): boolean => {
    const el = grid.current
    if (!el || e.key !== 'Tab' || !e.shiftKey || e.target !== el) return false
    const last = headerButtons(el).at(-1)
    if (!last) return false
    last.focus()
    return true
  }
  return { onFocus, onGridTab }
}

/** Tab and Shift+Tab on a column header: the next header (the rows after the last), or what is before the grid. */
export function onHeaderTab(e: React.KeyboardEvent<HTMLElement>): void {
  if (e.key !== 'Tab') return
  const el = e.currentTarget.closest<HTMLElement>('[role="grid"]')
  if (!el) return
  const buttons = headerButtons(el)
  const at = buttons.indexOf(e.currentTarget)
  const next = e.shiftKey
    ? (buttons[at - 1] ??
      tabStops()
        .filter(
          (t) =>
            t !== el &&
            !el.contains(t) &&
            (t.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
        )
        .at(-1))
    : (buttons[at + 1] ?? el)
  if (!next) return
  e.preventDefault()
  next.focus()
}
