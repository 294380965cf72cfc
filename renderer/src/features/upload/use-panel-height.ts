import { type RefObject, useEffect, useRef, useState } from 'react'
import type { WindowSizeClass } from '../../../../shared/ipc/settings.ts'
import { useWindowSizeClass } from '../../lib/window-size.ts'
import { useUpdateSettings, useUploadSettings } from './use-upload-settings.ts'

/** An open panel's height before the user sizes it: its uploads in view, most of the window left to the list. */
const DEFAULT_HEIGHT: Record<WindowSizeClass, number> = { small: 170, medium: 220, large: 300 }
/** The bar and one upload: smaller than this, the panel would be better collapsed (its bar's toggle). */
export const MIN_OPEN_HEIGHT = 110
/** How long after the last key the size is saved (a held arrow key is one change, not twenty). */
const SAVE_AFTER_MS = 400

/**
 * The open uploads panel's height, as the user last left it for this size of window (settings.json, so every
 * window and both hosts agree), else the class's default. `resize` follows a drag or a key at once; `commit`
 * saves what the panel really got: the layout gives the file list half the window first (layout.css), so a
 * panel dragged past that is as tall as it could be, and that is the size kept.
 */
export function usePanelHeight(panel: RefObject<HTMLElement | null>) {
  const sizeClass = useWindowSizeClass()
  const saved = useUploadSettings().data?.queuePanelHeights
  const update = useUpdateSettings()
  const remembered = saved?.[sizeClass] ?? DEFAULT_HEIGHT[sizeClass]
  const [dragged, setDragged] = useState<{ sizeClass: WindowSizeClass; height: number } | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const height = dragged?.sizeClass === sizeClass ? dragged.height : remembered
  const resize = (next: number) =>
    setDragged({ sizeClass, height: Math.max(MIN_OPEN_HEIGHT, Math.round(next)) })
  const commit = (delay = 0) => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      const shown = panel.current?.getBoundingClientRect().height
      if (shown === undefined) return
      const kept = Math.max(MIN_OPEN_HEIGHT, Math.round(shown))
      setDragged({ sizeClass, height: kept })
      update.mutate({ queuePanelHeights: { ...saved, [sizeClass]: kept } })
    }, delay)
  }
  return { height, resize, commit, commitSoon: () => commit(SAVE_AFTER_MS) }
}
