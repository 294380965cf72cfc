/**
 * Shortening a file name to fit a box without losing what tells files apart: its extension and the end of its
 * stem ("holiday_photos_2024_…_final_v2.jpeg"), as desktop file managers do in icon views. Pure functions; the
 * widths come from the caller (text-measure.ts in the page, fixed widths in tests).
 */

const ELLIPSIS = '…'
/** Longer "extensions" are part of the name ("notes.from-the-meeting-with-legal"), not a type. */
const MAX_EXTENSION = 10

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/** The name as the characters a person sees: an emoji or an accented letter is never cut in two. */
export const graphemes = (text: string): string[] => Array.from(segmenter.segment(text), (s) => s.segment)

/** "report.final.pdf" → ["report.final", ".pdf"]; a leading dot (".bashrc") is not an extension. */
export function splitExtension(name: string): [stem: string, extension: string] {
  const dot = name.lastIndexOf('.')
  if (dot <= 0 || name.length - dot > MAX_EXTENSION + 1) return [name, '']
  return [name.slice(0, dot), name.slice(dot)]
}

/**
 * The name itself when it fits, else the longest "start…end.ext" that does: as many of the stem's characters as
 * fit, half from its start and half from its end, then the whole extension. `fits` must be monotonic (a longer
 * text never fits where a shorter one did not), which holds for any width measure.
 */
export function middleEllipsis(name: string, fits: (text: string) => boolean): string {
  if (fits(name)) return name
  const [stem, extension] = splitExtension(name)
  const chars = graphemes(stem)
  const shorten = (kept: number) => {
    const head = Math.ceil(kept / 2)
    return (
      chars.slice(0, head).join('') +
      ELLIPSIS +
      chars.slice(chars.length - (kept - head)).join('') +
      extension
    )
  }
  // Binary search for the most stem characters kept (fewer than all: all of them did not fit).
  let low = 0
  let high = chars.length - 1
  if (!fits(shorten(0))) return shorten(0)
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    if (fits(shorten(mid))) low = mid
    else high = mid - 1
  }
  return shorten(low)
}

/**
 * Whether text fits in `lines` lines of `width` when the lines may break between any two characters (CSS
 * `word-break: break-all; line-break: anywhere`), laid out greedily as the browser does.
 */
export function fitsInLines(
  text: string,
  width: number,
  lines: number,
  widthOf: (grapheme: string) => number,
): boolean {
  let line = 1
  let used = 0
  for (const g of graphemes(text)) {
    const w = widthOf(g)
    if (used + w > width && used > 0) {
      line++
      used = 0
      if (line > lines) return false
    }
    used += w
  }
  return used <= width
}
