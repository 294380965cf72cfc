import { createContext, type ReactNode, useContext } from 'react'
import { createPortal } from 'react-dom'

/** The shell's place for the current view's toolbar (Shell.tsx); null until it is mounted. */
export const ToolbarSlot = createContext<HTMLElement | null>(null)

/**
 * A view's toolbar (title or breadcrumb, search, actions), drawn in the shell's toolbar slot: the first thing in
 * the window's document order, above the content and beside the sidebar's top. Tab then reaches the search box
 * and Upload… before the sidebar's long folder tree, and the rows after it, as the screen reads.
 */
export function ViewToolbar({ className, children }: { className?: string; children: ReactNode }) {
  const slot = useContext(ToolbarSlot)
  if (!slot) return null
  return createPortal(
    <header className={className ? `toolbar ${className}` : 'toolbar'}>{children}</header>,
    slot,
  )
}
