import type { Page } from '@playwright/test'

declare global {
  interface Window {
    /** Resolves on the frame after `ready()` first holds: the change is in the DOM and has been painted. */
    afterPaint: (ready: () => boolean) => Promise<void>
  }
}

/**
 * Installs `window.afterPaint` through the DevTools protocol (the page's CSP forbids eval, and the bench must not
 * loosen it). With a `limit`, a wait that outlasts it rejects with `limit.failure`, so an answer that never comes
 * fails the run instead of hanging it.
 */
export async function installAfterPaint(page: Page, limit?: { ms: number; failure: string }): Promise<void> {
  // tsx compiles the functions handed to page.evaluate with esbuild's keepNames, which calls a __name helper
  // that exists only in Node; in the page it is the identity.
  await page.evaluate('globalThis.__name = (f) => f')
  await page.evaluate((limit) => {
    window.afterPaint = (ready) =>
      new Promise((resolve, reject) => {
        const deadline = limit === null ? Number.POSITIVE_INFINITY : performance.now() + limit.ms
        const check = () => {
          if (ready()) requestAnimationFrame(() => setTimeout(resolve, 0))
          else if (performance.now() > deadline) reject(new Error(limit?.failure))
          else requestAnimationFrame(check)
        }
        check()
      })
  }, limit ?? null)
}
