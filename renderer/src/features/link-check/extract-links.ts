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
