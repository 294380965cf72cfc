import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { settleChange } from './use-debounced.ts'

/**
 * useDebounced's effect as React runs it (no DOM in these tests): each change cancels the one before it, then
 * settles its own value. Returns the values settled, in order.
 */
function debounced(ms: number) {
  const settled: string[] = []
  let cancel = () => {}
  return {
    settled,
    change(value: string, now = false) {
      cancel()
      cancel = settleChange(value, ms, now, (v) => settled.push(v))
    },
  }
}

describe('useDebounced', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('settles a value once it has stopped changing for ms, the ones typed before it never', () => {
    const d = debounced(300)
    d.change('/h')
    vi.advanceTimersByTime(299)
    d.change('/ho')
    vi.advanceTimersByTime(299)
    expect(d.settled).toEqual([])
    vi.advanceTimersByTime(1)
    expect(d.settled).toEqual(['/ho'])
  })

  it('with now, settles the value at once, and one still waiting is dropped', () => {
    const d = debounced(300)
    d.change('/offered')
    vi.advanceTimersByTime(100)
    d.change('/chosen', true)
    expect(d.settled).toEqual(['/chosen'])
    vi.advanceTimersByTime(1_000)
    expect(d.settled).toEqual(['/chosen'])
  })

  it('typing after a value taken at once waits again', () => {
    const d = debounced(300)
    d.change('/chosen', true)
    d.change('/chosen/a')
    expect(d.settled).toEqual(['/chosen'])
    vi.advanceTimersByTime(300)
    expect(d.settled).toEqual(['/chosen', '/chosen/a'])
  })
})
