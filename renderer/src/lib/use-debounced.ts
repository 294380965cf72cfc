import { useEffect, useState } from 'react'

export interface DebounceOptions {
  /**
   * This value is taken at once, and one still waiting is dropped: a whole value (a folder chosen with Browse…,
   * pasted, filled in) is not typed, and waiting for keys that will not come only delays what follows it.
   */
  now?: boolean
}

/** The value, once it has stopped changing for `ms` (search-as-you-type without a request per key). */
export function useDebounced<T>(value: T, ms: number, { now = false }: DebounceOptions = {}): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => settleChange(value, ms, now, setSettled), [value, ms, now])
  return settled
}

/**
 * One change of the value (useDebounced's effect): settled at once when `now`, else after `ms`. Returns what
 * cancels it, which React calls when the value changes again before then.
 */
export function settleChange<T>(value: T, ms: number, now: boolean, settle: (value: T) => void): () => void {
  if (now) {
    settle(value)
    return () => {}
  }
  const timer = setTimeout(() => settle(value), ms)
  return () => clearTimeout(timer)
}
