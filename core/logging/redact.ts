import { replaceUnsafeChars } from '../../shared/unsafe-chars.ts'

/**
 * The one redaction, applied before a message leaves main (IPC answer, WebSocket frame, log line, CLI stderr):
 * anything that looks like a credential is masked. The key travels in query strings and form bodies and a host
 * may echo it back in its `msg`, so both parameters and literal secrets (the key itself) are masked; this also
 * catches errors from code that never heard of keys (undici, zod, a bug's stack trace).
 */
const PARAM = /\b(key|api_?key|token|sess_id|password|secret)=[^&#\s"',;)]*/gi
const JSON_FIELD =
  /("(?:key|api_?key|apiKey|token|sess_id|sessId|password|secret)"\s*:\s*")(?:[^"\\]|\\.)*"/gi

export function redactSecrets(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text.replace(PARAM, '$1=***').replace(JSON_FIELD, '$1***"')
  for (const secret of secrets) {
    // Very short values are not masked literally: that would mangle ordinary words.
    if (secret !== undefined && secret.length >= 4) out = out.split(secret).join('***')
  }
  return out
}

/** A URL as we may show it: origin and path only, never the query (which carries the key) nor a password. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url)
    return `${u.origin}${u.pathname}`
  } catch {
    return redactSecrets(url)
  }
}

/** Bounds a message for people: long texts (an HTML error page, a zod dump) are cut with an ellipsis. */
export function clip(text: string, max = 300): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}

/**
 * A file server's link as we may show it: its origin and the file's name only. A direct link carries its secret
 * in the path (`/d/<signed token>/<name>`), not only in the query, so describeUrl would show it.
 */
export function describeFileLink(url: string): string {
  try {
    const u = new URL(url)
    const last =
      u.pathname
        .split('/')
        .filter((s) => s !== '')
        .at(-1) ?? ''
    return `${u.origin}/…/${clip(replaceUnsafeChars(decodedSegment(last), '_'), 120)}`
  } catch {
    return 'a file link'
  }
}

function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
