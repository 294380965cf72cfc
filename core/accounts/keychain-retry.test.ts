import { describe, expect, it } from 'vitest'
import { settled } from './keyring-secret-store.ts'

/** A call that fails `times` times with `message`, then answers. */
function flaky(times: number, message: string) {
  let calls = 0
  return {
    calls: () => calls,
    call: async () => {
      calls++
      if (calls <= times) throw new Error(message)
      return 'key'
    },
  }
}

const BUSY = "Couldn't access platform storage: Secret Service: no result found"

describe('a keychain call the Secret Service could not serve', () => {
  it('is tried again, up to twice, and answers when the keychain does', async () => {
    const once = flaky(2, BUSY)
    await expect(settled(once.call)).resolves.toBe('key')
    expect(once.calls()).toBe(3)
  })

  it('fails with the keychain’s own words when the third try fails too', async () => {
    const always = flaky(3, BUSY)
    await expect(settled(always.call)).rejects.toThrow(BUSY)
    expect(always.calls()).toBe(3)
  })

  it('is not repeated for any other failure (an unreachable keychain fails at once)', async () => {
    const gone = flaky(1, 'Platform secure storage failure: D-Bus error: no such socket')
    await expect(settled(gone.call)).rejects.toThrow('Platform secure storage failure')
    expect(gone.calls()).toBe(1)
  })
})
