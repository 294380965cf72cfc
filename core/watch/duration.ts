/**
 * A duration as people type it on a command line: `5s`, `500ms`, `2m`, `1h`, or a bare number of seconds.
 * Returns milliseconds, or null when the text is not a duration.
 */
export function parseDuration(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/i.exec(text)
  if (!m) return null
  const value = Number(m[1])
  const unit = (m[2] ?? 's').toLowerCase()
  const factor = unit === 'ms' ? 1 : unit === 's' ? 1000 : unit === 'm' ? 60_000 : 3_600_000
  const ms = Math.round(value * factor)
  return Number.isSafeInteger(ms) ? ms : null
}

/** `5 s`, `1.5 s`, `2 min`: for messages. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`
  if (ms < 120_000) return `${Math.round(ms / 100) / 10} s`
  return `${Math.round(ms / 6000) / 10} min`
}
