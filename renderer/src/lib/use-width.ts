import { useLayoutEffect, useState } from 'react'

/** The element's content width, kept current by a ResizeObserver (the grid's column count depends on it). */
export function useWidth(el: HTMLElement | null): number {
  const [width, setWidth] = useState(0)
  useLayoutEffect(() => {
    if (!el) return
    setWidth(el.clientWidth)
    const observer = new ResizeObserver(() => setWidth(el.clientWidth))
    observer.observe(el)
    return () => observer.disconnect()
  }, [el])
  return width
}
