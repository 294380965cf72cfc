import { type ComponentType, createElement, useEffect, useState } from 'react'

const waiting: (() => void)[] = []
let painted = false

interface Chunk<P> {
  start: () => Promise<ComponentType<P>>
  loaded: ComponentType<P> | null
}

/**
 * A component the window reads after its first paint rather than before: its chunk (and what it imports, such as
 * zod through the contract's field rules) is not in the first paint's budget. It loads once the window has painted
 * (`firstPaintDone`) and from then on renders at once, as if imported; one rendered before its chunk has arrived
 * (a rename in the window's first instants) mounts when it has. Unlike React.lazy, nothing suspends, and a
 * component that has mounted is never swapped for another (a field being typed in keeps its text).
 */
export function afterFirstPaint<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loading: Promise<ComponentType<P>> | null = null
  const chunk: Chunk<P> = {
    loaded: null,
    start: () => {
      loading ??= load().then((component) => {
        chunk.loaded = component
        return component
      })
      return loading
    },
  }
  if (painted) void chunk.start()
  else waiting.push(() => void chunk.start())
  return (props: P) => createElement(Deferred<P>, { chunk, props })
}

function Deferred<P extends object>({ chunk, props }: { chunk: Chunk<P>; props: P }) {
  const [component, setComponent] = useState<ComponentType<P> | null>(() => chunk.loaded)
  useEffect(() => {
    if (component !== null) return
    let live = true
    void chunk.start().then((c) => {
      if (live) setComponent(() => c)
    })
    return () => {
      live = false
    }
  }, [chunk, component])
  return component === null ? null : createElement(component, props)
}

/** The window has painted: the chunks kept for after it start loading (once; later calls do nothing). */
export function firstPaintDone(): void {
  if (painted) return
  painted = true
  for (const start of waiting.splice(0)) start()
}
