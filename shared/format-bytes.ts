import type { SizeUnits } from './ipc/settings.ts'

const NAMES: Record<SizeUnits, readonly string[]> = {
  decimal: ['KB', 'MB', 'GB', 'TB', 'PB'],
  binary: ['KiB', 'MiB', 'GiB', 'TiB', 'PiB'],
}

/**
 * 1536 → "1.5 KB", 10_000_000 → "10 MB": the byte formatter of main and the CLI (link packs, progress bars,
 * messages). Decimal units (1 KB = 1000 bytes) by default, as hosts of this family, macOS, GNOME and drive makers
 * count; `binary` (the app's size unit setting) counts 1 KiB = 1024 bytes and says so in the unit's name, the
 * same choice the renderer's formatSize follows (renderer/src/lib/format.ts), so a message from main and the
 * window beside it never show one file in two systems. One decimal below 10, none above.
 */
export function formatBytes(bytes: number, units: SizeUnits = 'decimal', locale = 'en'): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0 B'
  const step = units === 'binary' ? 1024 : 1000
  const names = NAMES[units]
  if (bytes < step) return `${digits(locale, 0).format(Math.round(bytes))} B`
  let value = bytes / step
  let unit = 0
  // Rounding can carry into the next unit (999_960 B is "1000 KB" unrounded): step up while it would.
  while (Math.round(value) >= step && unit < names.length - 1) {
    value /= step
    unit++
  }
  return `${value < 9.95 ? digits(locale, 1).format(value) : digits(locale, 0).format(Math.round(value))} ${names[unit]}`
}

const formats = new Map<string, Intl.NumberFormat>()

/** The locale's digits and decimal sign ("1,5 MB" in Spanish, "١٫٥ MB" in Arabic), no grouping as before. */
function digits(locale: string, fraction: 0 | 1): Intl.NumberFormat {
  const key = `${locale}|${fraction}`
  let format = formats.get(key)
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: fraction,
      maximumFractionDigits: fraction,
      useGrouping: false,
    })
    formats.set(key, format)
  }
  return format
}
