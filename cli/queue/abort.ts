/** The promise's value, or null once `signal` aborts first (the promise's own failure is then ignored). */
export function raceAbort<T>(p: Promise<T>, signal: AbortSignal): Promise<T | null> {
  if (signal.aborted) {
    p.catch(() => undefined)
    return Promise.resolve(null)
  }
  return new Promise<T | null>((resolve, reject) => {
    const onAbort = () => {
      p.catch(() => undefined)
      resolve(null)
    }
    signal.addEventListener('abort', onAbort, { once: true })
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort)
        resolve(v)
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(err)
      },
    )
  })
}
