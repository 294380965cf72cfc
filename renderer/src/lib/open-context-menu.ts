/** Frames to wait for a cursor row scrolled into view to be rendered (the list mounts rows as they come in). */
const MAX_FRAMES = 10

/**
 * The context-menu key and Shift+F10: open the right-click menu at the cursor row of `owner` (a grid or list
 * whose cursor is its aria-activedescendant). Radix's ContextMenu opens on a `contextmenu` event and places the
 * menu at the event's point, so a synthetic one is sent from the row, at the row: the menu opens beside the item
 * it acts on, as a right-click there would, and not at the corner of the window. With no cursor row the menu
 * opens at the top of `owner`.
 */
export function openContextMenuAtCursor(owner: HTMLElement): void {
  const cursorRow = () => {
    const id = owner.getAttribute('aria-activedescendant')
    return id ? document.getElementById(id) : null
  }
  const wanted = owner.getAttribute('aria-activedescendant') !== null
  let frames = 0
  const attempt = () => {
    const row = cursorRow()
    if (row || !wanted || frames >= MAX_FRAMES) return openAt(row ?? owner)
    frames++
    requestAnimationFrame(attempt)
  }
  attempt()
}

function openAt(el: Element): void {
  const rect = el.getBoundingClientRect()
  el.dispatchEvent(
    new MouseEvent('contextmenu', {
      bubbles: true,
      cancelable: true,
      button: 2,
      // Inside the row, near its start: over the name, where the eye already is.
      clientX: rect.left + Math.min(32, rect.width / 2),
      clientY: rect.top + Math.min(rect.height / 2, 24),
    }),
  )
}
