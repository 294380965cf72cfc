/**
 * Keeps the API key out of every message we build. The key travels in query strings and form bodies, and a
 * host may echo it back in its `msg`, so both the `key=` parameter and the literal key are masked.
 */
const KEY_PARAM = /([?&;]key=)[^&#\s"']*/gi

export function redact(text: string, apiKey?: string): string {
  let out = text.replace(KEY_PARAM, '$1***')
  // Keys shorter than 4 characters are not masked literally: that would mangle ordinary words.
  if (apiKey && apiKey.length >= 4) out = out.split(apiKey).join('***')
  return out
}

/** A URL as we may show it: origin and path only, never the query (which carries the key). */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url)
    return `${u.origin}${u.pathname}`
  } catch {
    return redact(url)
  }
}
