/** One thing to finish before the process goes: its name says what was still running if time runs out. */
export interface ShutdownStep {
  what: string
  run(): unknown
}

/**
 * Runs the steps in order, each awaited. A step that throws or rejects is logged and the next one still runs (a
 * failed tray teardown must not leave the upload journal open). The whole run is bounded: after `limitMs` it
 * resolves with whatever is left unfinished named in the log, so quitting never hangs on a stuck request or a
 * sandbox that will not close. Resolves true when every step finished in time.
 */
export async function shutDownInOrder(
  steps: readonly ShutdownStep[],
  o: { limitMs: number; log(line: string): void },
): Promise<boolean> {
  let current = ''
  let late = false
  const all = (async () => {
    for (const step of steps) {
      if (late) return
      current = step.what
      try {
        await step.run()
      } catch (error) {
        o.log(
          `Filedock: shutdown: ${step.what} failed: ${error instanceof Error ? error.message : String(error)}`,
        )
      }
    }
  })()
  let timer: ReturnType<typeof setTimeout> | undefined
  const limit = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), o.limitMs)
  })
  const outcome = await Promise.race([all.then(() => 'done' as const), limit])
  clearTimeout(timer)
  if (outcome === 'late') {
    late = true
    o.log(`Filedock: shutdown: stopped waiting after ${o.limitMs} ms (still running: ${current})`)
    return false
  }
  return true
}
