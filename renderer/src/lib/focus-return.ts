/**
 * Where keyboard focus goes back to when a dialog closes: the element that had it before the dialog opened.
 *
 * Radix gives focus back to whatever was focused when the dialog mounted, but a dialog is often opened from a
 * menu item (the file pane's context menu, the upload menu) that is gone by the time the dialog closes, and
 * focus then falls to <body>: the arrows, Enter and Ctrl+C stop working until the user clicks. So the last focus
 * outside any menu is tracked here for the whole window, and a dialog takes that as its way back.
 */

let lastOutsideMenus: HTMLElement | null = null

/** Focus inside a menu is passing through: the menu closes as its item acts. */
function inMenu(el: Element): boolean {
  return el.closest('[role="menu"], [role="menubar"], [role="listbox"]') !== null
}

if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      const target = event.target
      if (target instanceof HTMLElement && !inMenu(target)) lastOutsideMenus = target
    },
    true,
  )
}

export interface FocusReturn {
  /** Gives focus back; false when neither the element nor a stand-in for it is in the page any more. */
  restore(): boolean
}

/**
 * Call when a dialog opens (before it moves focus into itself). The element may be gone by the time the dialog
 * closes: a list that re-rendered, the file grid remounted for a new result. Then the element in the page with
 * the same id, or the same role and label (the grid "Files" of the new result, whose cursor row is its
 * aria-activedescendant), stands in for it.
 */
export function rememberFocus(): FocusReturn {
  const active = document.activeElement
  const start =
    active instanceof HTMLElement && active !== document.body
      ? inMenu(active)
        ? (menuButtonOf(active) ?? lastOutsideMenus)
        : active
      : lastOutsideMenus
  const standIn = start ? standInSelector(start) : null
  return {
    restore() {
      const target = start?.isConnected
        ? start
        : standIn
          ? document.querySelector<HTMLElement>(standIn)
          : null
      if (!target) return false
      target.focus({ preventScroll: true })
      return document.activeElement === target
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

function standInSelector(el: HTMLElement): string | null {
  if (el.id) return `#${CSS.escape(el.id)}`
  const role = el.getAttribute('role')
  const label = el.getAttribute('aria-label')
  if (role && label) return `[role="${CSS.escape(role)}"][aria-label="${CSS.escape(label)}"]`
  return null
}
