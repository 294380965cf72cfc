const HOST_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/

/**
 * A file's upload time as a number to sort by. The spec shows timestamps as strings without naming their format
 * or zone; hosts of this family send `YYYY-MM-DD HH:MM:SS`, read here as wall-clock seconds (no zone is assumed,
 * and none is needed to order them). Anything else a host sends is tried as a date; what cannot be read sorts
 * first (null), and the row keeps the host's text as it came.
 */
export function uploadedKey(uploaded: string): number | null {
  const m = HOST_TIME.exec(uploaded.trim())
  if (m !== null) {
    const [, y, mo, d, h = '0', mi = '0', s = '0'] = m
    return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) / 1000
  }
  const parsed = Date.parse(uploaded)
  return Number.isNaN(parsed) ? null : Math.floor(parsed / 1000)
}
