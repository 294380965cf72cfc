import pLimit from 'p-limit'
import type { HistoryEntry } from '../../shared/history.ts'
import type { SizeUnits } from '../../shared/ipc/settings.ts'
import { formatLinkPack } from '../../shared/link-pack.ts'
import type { LinkFormat, LinkPackEntry } from '../../shared/links.ts'
import type { ApiClient } from '../api/client.ts'
import { compareRelPaths } from '../queue/scan-order.ts'

/** The API client of an account, to fetch direct links with. */
export type ClientOf = (accountId: string) => ApiClient | Promise<ApiClient>

/** file/direct_link is one call per file: a few at a time keeps a 500-file pack quick without a flood. */
const DIRECT_LINK_CONCURRENCY = 4

/**
 * The one way a link pack is made, for the app's finished drops, the history's "copy links" and the CLI: the
 * entries in pack order (inPackOrder), formatted in `format`. Only `direct` needs the network: each file's
 * direct link is fetched, and one that fails falls back to the page link (formatLinkPack's rule), so the pack
 * always lists every file. Sizes (the plain format) in `units`, the app's setting.
 */
export async function buildLinkPack(
  entries: readonly HistoryEntry[],
  format: LinkFormat,
  clientOf: ClientOf,
  units: SizeUnits = 'decimal',
): Promise<string> {
  const ordered = inPackOrder(entries)
  const pack = ordered.map(toLinkPackEntry)
  if (format === 'direct') {
    const limit = pLimit(DIRECT_LINK_CONCURRENCY)
    await Promise.all(
      ordered.map((entry, i) =>
        limit(async () => {
          const url = await directLinkOf(clientOf, entry).catch(() => undefined)
          const target = pack[i]
          if (url !== undefined && target !== undefined) target.directLink = url
        }),
      ),
    )
  }
  return formatLinkPack(pack, format, units)
}

async function directLinkOf(clientOf: ClientOf, entry: HistoryEntry): Promise<string> {
  return (await (await clientOf(entry.accountId)).directLink(entry.fileCode)).url
}

/**
 * Pack order: per account (in order of first appearance), then folder order of the path inside the upload
 * (scan-order.ts: a folder's own files before its subfolders, code point order, the order the scan queues them
 * in). History keeps files in the order they finished and a CLI run may span several batches; either way the
 * pack reads like the dropped tree. Stable, so equal paths keep the order they came in.
 */
export function inPackOrder<T extends Pick<HistoryEntry, 'accountId' | 'relPath'>>(
  entries: readonly T[],
): T[] {
  const accountRank = new Map<string, number>()
  for (const e of entries) if (!accountRank.has(e.accountId)) accountRank.set(e.accountId, accountRank.size)
  return [...entries].sort(
    (a, b) =>
      (accountRank.get(a.accountId) ?? 0) - (accountRank.get(b.accountId) ?? 0) ||
      compareRelPaths(a.relPath, b.relPath),
  )
}

export function toLinkPackEntry(entry: HistoryEntry): LinkPackEntry {
  return {
    name: entry.name,
    relPath: entry.relPath,
    size: entry.size,
    pageLink: entry.pageLink,
    accountLabel: entry.accountLabel,
    baseUrl: entry.baseUrl,
  }
}
