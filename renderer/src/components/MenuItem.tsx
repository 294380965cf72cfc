import * as ContextMenu from '@radix-ui/react-context-menu'
import { Icon, type IconName } from './Icon.tsx'

interface MenuItemProps {
  icon: IconName
  label: string
  /** The key that does the same outside the menu, shown at the item's end. */
  shortcut?: string
  disabled?: boolean
  onSelect: () => void
}

/** One entry of a right-click menu (the file menu, the folder menu): icon, words, and its shortcut if any. */
export function MenuItem({ icon, label, shortcut, disabled = false, onSelect }: MenuItemProps) {
  return (
    <ContextMenu.Item className="menu-item" disabled={disabled} onSelect={onSelect}>
      <Icon name={icon} />
      {label}
      {shortcut ? <span className="shortcut">{shortcut}</span> : null}
    </ContextMenu.Item>
  )
}
