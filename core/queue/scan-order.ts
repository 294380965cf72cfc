/**
 * "Folder order": files of a folder before the files of its subfolders, and names in Unicode code point order.
 * Deliberately not locale-aware (Intl.Collator, localeCompare): the same drop must give the same order, and so
 * the same link pack, on every machine and in every language setting.
 */

/** Maps a UTF-16 code unit so that comparing mapped units orders strings by code point. */
function codePointRank(unit: number): number {
  // Surrogates (U+D800–U+DFFF) encode code points above U+FFFF, so they must sort after U+E000–U+FFFF.
  if (unit >= 0xe000) return unit - 0x800
  if (unit >= 0xd800) return unit + 0x2000
  return unit
}

export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i)
    const y = b.charCodeAt(i)
    if (x !== y) return codePointRank(x) - codePointRank(y)
  }
  return a.length - b.length
}

/** Segment by segment; a folder sorts before its own subfolders. */
export function compareSegments(a: readonly string[], b: readonly string[]): number {
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) {
    const c = compareCodePoints(a[i] as string, b[i] as string)
    if (c !== 0) return c
  }
  return a.length - b.length
}

export function compareFolderOrder(
  a: { relDir: readonly string[]; name: string },
  b: { relDir: readonly string[]; name: string },
): number {
  return compareSegments(a.relDir, b.relDir) || compareCodePoints(a.name, b.name)
}

/** Folder order of `/`-separated paths inside an upload (`photos/z.jpg` before `photos/sub/a.jpg`). */
export function compareRelPaths(a: string, b: string): number {
  return compareFolderOrder(splitRelPath(a), splitRelPath(b))
}

function splitRelPath(relPath: string): { relDir: string[]; name: string } {
  const relDir = relPath.split('/')
  const name = relDir.pop() ?? ''
  return { relDir, name }
}
