/**
 * Where keyboard focus goes back to when a dialog closes: the element that had it before the dialog opened.
 *
 * Radix gives focus back to whatever was focused when the dialog mounted, but a dialog is often opened from a
 * menu item (the file pane's context menu, the upload menu) that is gone by the time the dialog closes, and
 * focus then falls to <body>: the arrows, Enter and Ctrl+C stop working until the user clicks. So the last
 * places focused outside any menu are tracked here for the whole window, and a dialog takes them as its way
 * back.
 */

/** The last few elements focused outside menus, newest first. */
const recent: HTMLElement[] = []
const KEEP = 16

/** Focus inside a menu is passing through: the menu closes as its item acts. */
function inMenu(el: Element): boolean {
  return el.closest('[role="menu"], [role="menubar"], [role="listbox"]') !== null
}

if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      const target = event.target
      if (!(target instanceof HTMLElement) || inMenu(target)) return
      const at = recent.indexOf(target)
      if (at >= 0) recent.splice(at, 1)
      recent.unshift(target)
      recent.length = Math.min(recent.length, KEEP)
    },
    true,
  )
}

export interface FocusReturn {
  /** Gives focus back; false when none of the places, nor a stand-in for one, is in the page any more. */
  restore(): boolean
}

/** A place to go back to: the element, and how to find its like if it was replaced meanwhile. */
interface Place {
  el: HTMLElement
  /** Null for a place inside a dialog: once that is gone, its like elsewhere is not where the person was. */
  standIn: (() => HTMLElement | null) | null
}

/**
 * Call when a dialog opens (before it moves focus into itself). The element may be gone by the time the dialog
 * closes: the file grid remounted for a new result, the whole window redrawn for another account (a switch made
 * inside the accounts dialog). Then its like stands in: the element with the same id, or the one element of the
 * same kind with the same role and label (the grid "Files", whose cursor row is its aria-activedescendant) or
 * the same text (the sidebar's Accounts button). If it has none, the places focused before it are tried, newest
 * first: what was inside the closed dialog is gone with it, and the place the dialog was opened from remains.
 */
export function rememberFocus(): FocusReturn {
  const active = document.activeElement
  const first =
    active instanceof HTMLElement && active !== document.body
      ? inMenu(active)
        ? (menuButtonOf(active) ?? recent[0])
        : active
      : recent[0]
  const places = [first, ...recent.filter((el) => el !== first)]
    .filter((el): el is HTMLElement => el !== undefined)
    .map(placeOf)
  return {
    restore() {
      for (const place of places) {
        const target = place.el.isConnected ? place.el : (place.standIn?.() ?? null)
        if (!target) continue
        target.focus({ preventScroll: true })
        if (document.activeElement === target) return true
      }
      return false
    },
  }
}

/**
 * The button a menu drops down from (the Upload… button), named by the menu's aria-labelledby. It never had
 * focus when the menu was opened with the mouse (the press is kept from focusing it), yet it is where the
 * person was: a context menu has no such button, and the last focus before it stands in.
 */
function menuButtonOf(el: Element): HTMLElement | null {
  const id = el.closest('[role="menu"]')?.getAttribute('aria-labelledby')
  const button = id ? document.getElementById(id) : null
  return button instanceof HTMLElement ? button : null
}

/** Read when the dialog opens; a stand-in counts only when exactly one element fits. */
function placeOf(el: HTMLElement): Place {
  if (el.closest('[role="dialog"]') !== null && !el.isConnected) return { el, standIn: null }
  const tag = el.tagName.toLowerCase()
  const id = el.id
  const role = el.getAttribute('role')
  const label = el.getAttribute('aria-label')
  const text = el.textContent?.trim() ?? ''
  const only = (found: ArrayLike<Element>) => {
    const one = found.length === 1 ? found[0] : undefined
    return one instanceof HTMLElement ? one : null
  }
  return {
    el,
    // By id first; generated ids (Radix's) change when their component remounts, so then by label or text.
    standIn: () => {
      const byId = id ? document.getElementById(id) : null
      if (byId) return byId
      if (label) {
        const roleSel = role ? `[role="${CSS.escape(role)}"]` : ''
        return only(document.querySelectorAll(`${tag}${roleSel}[aria-label="${CSS.escape(label)}"]`))
      }
      if (text === '' || text.length > 100) return null
      return only([...document.querySelectorAll(tag)].filter((e) => e.textContent?.trim() === text))
    },
  }
}
