const UNITS = ['KB', 'MB', 'GB', 'TB', 'PB'] as const

/**
 * 1536 → "1.5 KB", 10_000_000 → "10 MB": the byte formatter of main and the CLI (link packs, progress bars,
 * messages). Decimal units (1 KB = 1000 bytes), as hosts of this family, macOS, GNOME and drive makers count:
 * one convention across Filedock (renderer/src/lib/format.ts uses the same). One decimal below 10, none above.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0 B'
  if (bytes < 1000) return `${Math.round(bytes)} B`
  let value = bytes / 1000
  let unit = 0
  // Rounding can carry into the next unit (999_960 B is "1000 KB" unrounded): step up while it would.
  while (Math.round(value) >= 1000 && unit < UNITS.length - 1) {
    value /= 1000
    unit++
  }
  return `${value < 9.95 ? value.toFixed(1) : Math.round(value)} ${UNITS[unit]}`
}
