import { httpUrl } from '../../../../shared/ipc/fields.ts'

// Anything that starts like a web address and runs to the next space, quote or bracket.
const CANDIDATE = /https?:\/\/[^\s<>"'`()[\]{}]+/gi
// Punctuation that ends a sentence or a list more often than it ends a link ("see https://x/abc.").
const TRAILING = /[.,;:!?*]+$/

/**
 * The links in pasted text, in the order they appear, each once: one per line, mixed with words, in Markdown
 * or BBCode packs. Text that looks like a link but is not a valid one (a user name in it, no host) is returned
 * apart, so the table can say so instead of dropping it silently.
 */
export function extractLinks(text: string): { links: string[]; invalid: string[] } {
  const links: string[] = []
  const invalid: string[] = []
  const seen = new Set<string>()
  for (const match of text.matchAll(CANDIDATE)) {
    const candidate = match[0].replace(TRAILING, '')
    if (seen.has(candidate)) continue
    seen.add(candidate)
    if (httpUrl.safeParse(candidate).success) links.push(candidate)
    else invalid.push(candidate)
  }
  return { links, invalid }
}

/**
 * The pasted text again with each link `move` changes put in its place, and how many links it changed: an old
 * link pack (one per line, Markdown, BBCode, HTML or prose) rebuilt on the domains its hosts use now, in one go.
 * The same reading of links as extractLinks, so every link the table shows is one this moves; the rest of the
 * text is kept as it was.
 */
export function moveLinks(text: string, move: (link: string) => string): { text: string; moved: number } {
  let moved = 0
  const rebuilt = text.replace(CANDIDATE, (candidate) => {
    const link = candidate.replace(TRAILING, '')
    if (!httpUrl.safeParse(link).success) return candidate
    const next = move(link)
    if (next === link) return candidate
    moved++
    return next + candidate.slice(link.length)
  })
  return { text: rebuilt, moved }
}
