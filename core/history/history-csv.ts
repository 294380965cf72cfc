import type { HistoryEntry } from '../../shared/history.ts'
import type { LinkHealth } from '../../shared/link-health.ts'

export const CSV_COLUMNS = [
  'name',
  'size',
  'folder',
  'page link',
  'direct link',
  'uploaded',
  'last check',
  'alive',
  'already there',
] as const

/**
 * The upload history as CSV (RFC 4180: comma-separated, CRLF line ends, fields quoted when they hold a comma,
 * quote or line break, quotes doubled), one row per entry, with a header row.
 *
 * Decisions: the direct link is filled in only when the caller knows it — asking the host for one per row would
 * make an export of 100,000 uploads take 100,000 calls, and direct links expire (the spec shows no lifetime); the
 * column stays so the file's shape does not depend on it. A text field starting with = + - @ (or a tab or CR) is
 * prefixed with `'`: spreadsheets would run it as a formula, and a file name is chosen by whoever named the file.
 * Times are ISO 8601 in UTC; `alive` is yes, no, or empty when never checked. `already there` is yes for a file a
 * drop found already in its folder (nothing was sent; `uploaded` is then when it was found), empty otherwise.
 */
export function historyCsv(
  entries: Iterable<HistoryEntry>,
  health: (id: string) => LinkHealth | null,
  directLink: (entry: HistoryEntry) => string | null = () => null,
): string {
  const rows: string[] = [CSV_COLUMNS.map(field).join(',')]
  for (const e of entries) {
    const h = health(e.id)
    rows.push(
      [
        text(e.name),
        String(e.size),
        text(e.folderPath),
        text(e.pageLink),
        text(directLink(e) ?? ''),
        e.finishedAt,
        h === null ? '' : new Date(h.checkedAt).toISOString(),
        h === null ? '' : h.alive ? 'yes' : 'no',
        e.alreadyThere ? 'yes' : '',
      ]
        .map(field)
        .join(','),
    )
  }
  return `${rows.join('\r\n')}\r\n`
}

function text(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}
