import { useSyncExternalStore } from 'react'
import type { WindowSizeClass } from '../../../shared/ipc/settings.ts'

/**
 * A window's size class, by its height (what the panels under the content compete for): a laptop's 640 to 720
 * px, a desktop's 720 to 1000, a tall screen's more. Layout remembered for one class is not forced on another.
 */
export function sizeClassOf(height: number): WindowSizeClass {
  if (height < 720) return 'small'
  if (height < 1000) return 'medium'
  return 'large'
}

const subscribe = (changed: () => void) => {
  window.addEventListener('resize', changed)
  return () => window.removeEventListener('resize', changed)
}

/** The window's size class now, following resizes. */
export function useWindowSizeClass(): WindowSizeClass {
  return useSyncExternalStore(subscribe, () => sizeClassOf(window.innerHeight))
}
