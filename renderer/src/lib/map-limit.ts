/**
 * Runs `fn` over items with at most `limit` in flight and returns the outcomes in input order. Used for the
 * per-file calls (direct links, clone, move) so selecting 200 files does not open 200 requests at once.
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const out: PromiseSettledResult<R>[] = new Array(items.length)
  let next = 0
  async function worker(): Promise<void> {
    while (next < items.length) {
      const i = next++
      const item = items[i] as T
      try {
        out[i] = { status: 'fulfilled', value: await fn(item) }
      } catch (reason) {
        out[i] = { status: 'rejected', reason }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return out
}

/** The first failure's reason, for a toast that says what went wrong. */
export function firstFailure(results: readonly PromiseSettledResult<unknown>[]): unknown {
  const failed = results.find((r) => r.status === 'rejected')
  return failed?.status === 'rejected' ? failed.reason : undefined
}
