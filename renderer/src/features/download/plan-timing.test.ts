import { describe, expect, it } from 'vitest'
import { isOneKey } from './plan-timing.ts'

describe('when the Download dialog plans its folder', () => {
  it('waits for typing: one character typed or erased, anywhere in the path', () => {
    expect(isOneKey('/home/me/Down', '/home/me/Downl')).toBe(true)
    expect(isOneKey('/home/me/Downl', '/home/me/Down')).toBe(true)
    expect(isOneKey('/home/me/Dl', '/home/me/Dxl')).toBe(true)
    expect(isOneKey('', '/')).toBe(true)
  })

  it('plans a whole path at once: offered, chosen with Browse…, pasted or filled in', () => {
    expect(isOneKey('', '/home/me/Downloads/Filedock')).toBe(false)
    expect(isOneKey('/home/me/Downloads/Filedock', '/tmp/to')).toBe(false)
    expect(isOneKey('/tmp/ab', '/tmp/ba')).toBe(false)
    expect(isOneKey('/tmp/a', '/tmp/abc')).toBe(false)
    expect(isOneKey('/tmp/abc', '/tmp/xbcd')).toBe(false)
  })
})
