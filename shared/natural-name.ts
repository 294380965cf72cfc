/**
 * Names as people count: "report_2" before "report_10" before "report_192", case ignored, as Finder, Explorer and
 * Nautilus sort. The key is plain text whose code-point (SQLite BINARY) order is that order, so the index can keep
 * it in a column with its own B-tree (schema.ts: name_key) and the page can sort by the same rule.
 *
 * A run of digits becomes its count of significant digits, preceded by how many digits that count has, then the
 * digits: a longer number sorts after a shorter one, numbers of one length by their digits. Leading zeros are
 * dropped ("report_02" ties with "report_2"; the caller breaks ties). The key still starts the number with a
 * digit, so a number sorts against other characters where its first digit would.
 */
export function naturalKey(name: string): string {
  return name.toLowerCase().replace(/\d+/g, (run) => {
    const digits = run.replace(/^0+(?=\d)/, '')
    const length = String(digits.length)
    return `${length.length}${length}${digits}`
  })
}

/** Orders two names by naturalKey, ties (case, leading zeros) by the names themselves, so the order is total. */
export function compareNaturally(a: string, b: string): number {
  return compareCodePoints(naturalKey(a), naturalKey(b)) || compareCodePoints(a, b)
}

function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
