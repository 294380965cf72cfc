/**
 * Keeps two uploads of the same name (per account) from being unresolved at the same time. The lost-attempt
 * check finds "our" file by name and size among the files that appeared since our snapshot; two same-name
 * same-size uploads in flight together could each take the other's file. Files of the same name but different
 * sizes can be told apart, so they may share the name; a remote URL's size is unknown until the host has
 * fetched it, so it holds the name alone.
 *
 * Non-blocking by design: an item that cannot get its name is parked without holding a worker, and put back in
 * line when the name is released (a worker waiting here while the holder waits for a worker would deadlock).
 */
export class NameLocks {
  private readonly held = new Map<string, { sizes: Map<number, number>; exclusive: boolean }>()

  /** size null: exclusive (any size). Returns false when it conflicts with a holder. */
  tryAcquire(key: string, size: number | null): boolean {
    const h = this.held.get(key)
    if (h) {
      if (h.exclusive || size === null || h.sizes.has(size)) return false
      h.sizes.set(size, 1)
      return true
    }
    this.held.set(key, { sizes: new Map(size === null ? [] : [[size, 1]]), exclusive: size === null })
    return true
  }

  release(key: string, size: number | null): void {
    const h = this.held.get(key)
    if (!h) return
    if (size === null) h.exclusive = false
    else h.sizes.delete(size)
    if (!h.exclusive && h.sizes.size === 0) this.held.delete(key)
  }
}

export function nameKey(accountId: string, name: string): string {
  // Case-folded: hosts that compare names without case would otherwise let twins slip through.
  return `${accountId}\u0000${name.toLowerCase()}`
}
