import pLimit from 'p-limit'
import type { HistoryEntry } from '../../shared/history.ts'
import type { LinkFormat, LinkPackEntry } from '../../shared/links.ts'
import { formatLinkPack } from '../links/link-pack.ts'

/** Fetches one file's direct link; undefined when it cannot (the pack then keeps the page link). */
export type DirectLinkOf = (entry: HistoryEntry) => Promise<string | undefined>

/** file/direct_link is one call per file: a few at a time keeps a 500-file pack quick without a flood. */
const DIRECT_LINK_CONCURRENCY = 4

/**
 * A link pack of finished uploads in `format`. Only `direct` needs the network: each file's direct link is
 * fetched, and one that fails falls back to the page link (formatLinkPack's rule), so the pack always lists
 * every file.
 */
export async function buildLinkPack(
  entries: readonly HistoryEntry[],
  format: LinkFormat,
  directLinkOf: DirectLinkOf,
): Promise<string> {
  const pack: LinkPackEntry[] = entries.map(toPackEntry)
  if (format === 'direct') {
    const limit = pLimit(DIRECT_LINK_CONCURRENCY)
    await Promise.all(
      entries.map((entry, i) =>
        limit(async () => {
          const url = await directLinkOf(entry).catch(() => undefined)
          const target = pack[i]
          if (url !== undefined && target !== undefined) target.directLink = url
        }),
      ),
    )
  }
  return formatLinkPack(pack, format)
}

export function toPackEntry(entry: HistoryEntry): LinkPackEntry {
  return {
    name: entry.name,
    relPath: entry.relPath,
    size: entry.size,
    pageLink: entry.pageLink,
    accountLabel: entry.accountLabel,
    baseUrl: entry.baseUrl,
  }
}

/**
 * History keeps a batch in the order its files finished; a pack reads better in the order of the drop: per
 * account (in order of first appearance), then by path inside the upload, the way batch.finished lists them.
 */
export function inFolderOrder(entries: readonly HistoryEntry[]): HistoryEntry[] {
  const accountRank = new Map<string, number>()
  for (const e of entries) if (!accountRank.has(e.accountId)) accountRank.set(e.accountId, accountRank.size)
  return [...entries].sort(
    (a, b) =>
      (accountRank.get(a.accountId) ?? 0) - (accountRank.get(b.accountId) ?? 0) ||
      comparePaths(a.relPath, b.relPath),
  )
}

/** Segment by segment, so `a/b.txt` sorts with its folder `a`, not between `a.txt` and `a0`. */
function comparePaths(a: string, b: string): number {
  const x = a.split('/')
  const y = b.split('/')
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const p = x[i] as string
    const q = y[i] as string
    if (p !== q) return p < q ? -1 : 1
  }
  return x.length - y.length
}
