/**
 * Keyboard navigation of a role=tree, per the WAI-ARIA tree pattern. The tree is rendered flat (each item
 * carries aria-level) and collapsed children are not rendered, so the visible order is the document order.
 */
export interface TreeKeyHandlers {
  /** The tree is laid out right to left (Arabic): the arrow that points into a folder is ArrowLeft. */
  rtl: boolean
  expand: (item: HTMLElement) => void
  collapse: (item: HTMLElement) => void
  activate: (item: HTMLElement) => void
  /** Enter where the tree picks a folder for something (a dialog's destination): pick it and go ahead. */
  confirm?: (item: HTMLElement) => void
  /** F2; absent where the tree only picks a folder (dialogs). */
  rename?: (item: HTMLElement) => void
  /** The context-menu key or Shift+F10: the folder's menu; absent where the tree has no menu. */
  menu?: (item: HTMLElement) => void
}

export function handleTreeKey(event: React.KeyboardEvent<HTMLElement>, handlers: TreeKeyHandlers): void {
  const current = event.currentTarget
  const tree = current.closest('[role="tree"]')
  if (!tree) return
  const items = [...tree.querySelectorAll<HTMLElement>('[role="treeitem"]')]
  const index = items.indexOf(current)
  const level = Number(current.getAttribute('aria-level'))
  const expanded = current.getAttribute('aria-expanded')
  const levelOf = (el: HTMLElement | undefined) => Number(el?.getAttribute('aria-level'))
  const focus = (el: HTMLElement | undefined) => el?.focus()
  // Into a folder is the way the tree indents: right, or left when it is laid out right to left.
  const key =
    handlers.rtl && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')
      ? event.key === 'ArrowLeft'
        ? 'ArrowRight'
        : 'ArrowLeft'
      : event.key
  switch (key) {
    case 'ArrowDown':
      focus(items[index + 1])
      break
    case 'ArrowUp':
      focus(items[index - 1])
      break
    case 'Home':
      focus(items[0])
      break
    case 'End':
      focus(items.at(-1))
      break
    case 'ArrowRight':
      if (expanded === 'false') handlers.expand(current)
      else if (expanded === 'true' && levelOf(items[index + 1]) > level) focus(items[index + 1])
      break
    case 'ArrowLeft':
      if (expanded === 'true') handlers.collapse(current)
      else focus(items.slice(0, index).findLast((el) => levelOf(el) < level))
      break
    case 'Enter':
      if (handlers.confirm) handlers.confirm(current)
      else handlers.activate(current)
      break
    case ' ':
      handlers.activate(current)
      break
    case 'F2':
      if (!handlers.rename) return
      handlers.rename(current)
      break
    case 'ContextMenu':
    case 'F10':
      if (!handlers.menu || (event.key === 'F10' && !event.shiftKey)) return
      handlers.menu(current)
      break
    default:
      return
  }
  event.preventDefault()
  event.stopPropagation()
}
