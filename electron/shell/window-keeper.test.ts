import { describe, expect, it } from 'vitest'
import { WindowKeeper } from './window-keeper.ts'

class FakeWindow {
  static made = 0
  readonly calls: string[] = []
  minimised = false
  destroyed = false
  private closed: (() => void) | null = null
  constructor() {
    FakeWindow.made++
  }
  isMinimized() {
    return this.minimised
  }
  restore() {
    this.calls.push('restore')
  }
  show() {
    this.calls.push('show')
  }
  focus() {
    this.calls.push('focus')
  }
  isDestroyed() {
    return this.destroyed
  }
  once(_event: 'closed', listener: () => void) {
    this.closed = listener
  }
  close() {
    this.destroyed = true
    this.closed?.()
  }
}

describe('WindowKeeper', () => {
  it('makes one window for asks that come while it is being made, shows a hidden one, and makes a new one after a close', async () => {
    FakeWindow.made = 0
    let release: () => void = () => undefined
    const ready = new Promise<void>((resolve) => {
      release = resolve
    })
    const keeper = new WindowKeeper(async () => {
      await ready
      return new FakeWindow()
    })
    const first = keeper.show()
    const second = keeper.show()
    expect(keeper.current()).toBeNull()
    release()
    const win = await first
    expect(await second).toBe(win)
    expect(FakeWindow.made).toBe(1)

    // Hidden to the tray or minimised: the Dock icon, a second launch, a notification bring it back.
    win.minimised = true
    expect(await keeper.show()).toBe(win)
    expect(win.calls).toEqual(['restore', 'show', 'focus'])

    win.close()
    expect(keeper.current()).toBeNull()
    const next = await keeper.show()
    expect(next).not.toBe(win)
    expect(FakeWindow.made).toBe(2)
  })

  it('lets a failed open be tried again', async () => {
    let fail = true
    const keeper = new WindowKeeper(async () => {
      if (fail) throw new Error('no display')
      return new FakeWindow()
    })
    await expect(keeper.show()).rejects.toThrow('no display')
    fail = false
    expect(await keeper.show()).toBeInstanceOf(FakeWindow)
  })
})
