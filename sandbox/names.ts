const isControl = (c: string): boolean => {
  const code = c.charCodeAt(0)
  return code < 0x20 || code === 0x7f
}

export const hasControl = (s: string): boolean => [...s].some(isControl)

/**
 * A stored file name from what a client or a URL supplied: the last path segment only (browsers used to send
 * full paths), control characters removed, trimmed, at most 255 characters, never empty.
 */
export function cleanName(raw: string | undefined, fallback: string): string {
  const last = (raw ?? '').split(/[\\/]/).pop() ?? ''
  const name = [...last]
    .filter((c) => !isControl(c))
    .join('')
    .trim()
  return name.slice(0, 255) || fallback
}
