import { expect, vi } from 'vitest'
import type { ApiClient } from '../../api/client.ts'

/**
 * The rig's client, whose listings (file lists, or subfolder lists) can be held: read from the host, then kept
 * back until released, so a test can make the app change files while a listing older than the change is on its
 * way, or look at the index while a crawl waits for one.
 */
export function holdingListings(client: ApiClient, listing: 'fileList' | 'subfolders' = 'fileList') {
  let gate: Promise<void> = Promise.resolve()
  let reads = 0
  const held = new Proxy(client, {
    get(target, key) {
      if (key === listing)
        return async (...args: unknown[]) => {
          const answer = await (target[listing] as (...a: unknown[]) => Promise<unknown>)(...args)
          reads++
          await gate
          return answer
        }
      const value = Reflect.get(target, key, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return {
    client: held,
    /** Holds the listings from now on; `read(n)` resolves once n of them have been read from the host. */
    hold() {
      let release = (): void => undefined
      gate = new Promise<void>((resolve) => {
        release = resolve
      })
      const from = reads
      return {
        read: (n: number) =>
          vi.waitFor(() => expect(reads - from).toBeGreaterThanOrEqual(n), { timeout: 10_000 }),
        release,
        /** How many listings were read since the hold began. */
        count: () => reads - from,
      }
    },
  }
}
