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
    expect(claimSingleInstance(app as never, () => undefined)).toBe(false)
    expect(app.listeners.size).toBe(0)
  })

  it('shows the first instance’s window (making one if it has none) when a second one starts', () => {
    const app = new FakeApp(true)
    let shown = 0
    expect(claimSingleInstance(app as never, () => shown++)).toBe(true)
    app.listeners.get('second-instance')?.()
    expect(shown).toBe(1)
  })
})
