import { describe, expect, it } from 'vitest'
import { claimSingleInstance } from './single-instance.ts'

class FakeApp {
  readonly listeners = new Map<string, () => void>()
  constructor(private readonly gotLock: boolean) {}
  requestSingleInstanceLock() {
    return this.gotLock
  }
  on(event: string, listener: () => void) {
    this.listeners.set(event, listener)
    return this
  }
}

describe('claimSingleInstance', () => {
  it('lets a second instance know it must quit', () => {
    const app = new FakeApp(false)
    expect(claimSingleInstance(app as never, () => null)).toBe(false)
    expect(app.listeners.size).toBe(0)
  })

  it('brings the first instance window to the front when a second one starts', () => {
    const app = new FakeApp(true)
    const calls: string[] = []
    const win = {
      isMinimized: () => true,
      restore: () => calls.push('restore'),
      show: () => calls.push('show'),
      focus: () => calls.push('focus'),
    }
    expect(claimSingleInstance(app as never, () => win)).toBe(true)
    app.listeners.get('second-instance')?.()
    expect(calls).toEqual(['restore', 'show', 'focus'])
  })
})
