/** The host's limit on a file name (the sandbox's, and the common one); the spec does not show one. */
const MAX_NAME_CHARS = 255

// Extensions of two parts that belong together: "backup (copy).tar.gz", not "backup.tar (copy).gz".
const DOUBLE = /\.tar\.(gz|bz2|xz|zst|lz)$/i
// A name that already ends in " (copy)" or " (copy N)": its copy counts on from the original's name.
const COPY_SUFFIX = / \(copy(?: (\d+))?\)$/

/** "report.pdf" → { stem: "report", ext: ".pdf" }; a leading dot (".env") is part of the stem, not an extension. */
function splitName(name: string): { stem: string; ext: string } {
  const double = DOUBLE.exec(name)
  if (double && double.index > 0) return { stem: name.slice(0, double.index), ext: name.slice(double.index) }
  const dot = name.lastIndexOf('.')
  return dot > 0 ? { stem: name.slice(0, dot), ext: name.slice(dot) } : { stem: name, ext: '' }
}

/** The stem a copy of `name` is named after: a copy of "a (copy).txt" is "a (copy 2).txt", not "a (copy) (copy).txt". */
export function copyStem(name: string): string {
  return splitName(name).stem.replace(COPY_SUFFIX, '')
}

/**
 * The first free name of "name (copy).ext", "name (copy 2).ext", "name (copy 3).ext"… given the names already
 * taken (compared ignoring case, as people read names). The stem is shortened when the result would pass the
 * name limit, never the extension or the "(copy N)" that makes it distinct.
 */
export function copyName(original: string, taken: Iterable<string>): string {
  const { ext } = splitName(original)
  const stem = copyStem(original)
  const used = new Set([...taken].map((n) => n.toLowerCase()))
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`
    const room = MAX_NAME_CHARS - suffix.length - ext.length
    const candidate = `${[...stem].slice(0, Math.max(1, room)).join('')}${suffix}${ext}`
    if (!used.has(candidate.toLowerCase())) return candidate
  }
}
