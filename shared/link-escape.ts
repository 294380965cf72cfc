/**
 * Making names and host URLs safe inside the markup of each link-pack format. Names come from disks and hosts,
 * URLs from hosts: neither is trusted to be free of markup.
 */

/**
 * Only http(s) URLs become links: a host that answered `javascript:…` as a direct link must not get a clickable
 * script into a page or forum post. The URL is re-serialised by the WHATWG parser, which percent-encodes
 * spaces, quotes and angle brackets.
 */
export function safeUrl(url: string | undefined): string | null {
  if (url === undefined) return null
  let parsed: URL
  try {
    parsed = new URL(url.trim())
  } catch {
    return null
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null
}

// C0/C1 controls and line/paragraph separators: a name must stay on its own line of the pack.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const LINE_BREAKERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g

/** One line of plain text; shared first step of every format. */
export function oneLine(text: string): string {
  return text.replace(LINE_BREAKERS, ' ').trim()
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text and attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string)
}

/**
 * Backslash before every character with a meaning in Markdown link text (CommonMark lets any ASCII punctuation
 * be escaped so; these are the ones that can open or close a link, emphasis, code, HTML or an entity).
 */
export function escapeMarkdownText(text: string): string {
  return text.replace(/[\\`*_{}[\]()<>#!|~&]/g, '\\$&')
}

/** Parentheses would end the link destination early in some Markdown renderers; %28/%29 mean the same. */
export function markdownUrl(url: string): string {
  return url.replace(/\(/g, '%28').replace(/\)/g, '%29')
}

/**
 * BBCode has no escape character. Square brackets in a name would open tags (`[b]`, `[/url]`), so they become
 * the look-alike fullwidth brackets; the name still reads the same.
 */
export function escapeBbcodeText(text: string): string {
  return text.replace(/\[/g, '\uFF3B').replace(/\]/g, '\uFF3D')
}

/** In `[url=…]` a `]` ends the tag; percent-encoding keeps the URL's meaning. */
export function bbcodeUrl(url: string): string {
  return url.replace(/\[/g, '%5B').replace(/\]/g, '%5D')
}
