import type { SizeUnits } from '../../../shared/ipc/settings.ts'
import { perLocale } from '../i18n/format-locale.ts'

const decimalUnits = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const
const binaryUnits = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'] as const

// The user's unit setting, one for the whole window: the shell sets it from the saved settings before it renders
// anything that shows a size, so one file never shows as both "98 KB" and "95.7 KiB".
let sizeUnits: SizeUnits = 'decimal'

export function setSizeUnits(units: SizeUnits): void {
  sizeUnits = units
}

/** Bytes in one "K" of the current setting (1000 or 1024): what a typed "KB/s" limit is multiplied by. */
export function kiloBytes(): number {
  return sizeUnits === 'binary' ? 1024 : 1000
}

/** "KB" or "KiB", for labels of fields where a size is typed. */
export function kiloName(): string {
  return sizeUnits === 'binary' ? 'KiB' : 'KB'
}

/**
 * 1536 → "1.54 KB". Decimal steps (1 KB = 1000 bytes) by default, the convention of Filedock (main and the CLI
 * use shared/format-bytes.ts); macOS, GNOME and drive makers count the same way. The binary setting shows KiB.
 */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—'
  const step = kiloBytes()
  const units = sizeUnits === 'binary' ? binaryUnits : decimalUnits
  let value = bytes
  let unit = 0
  // Rounding can carry into the next unit (999,999 B would show as "1000 KB"): step up while it would.
  while (Number(value.toFixed(0)) >= step && unit < units.length - 1) {
    value /= step
    unit++
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2
  return `${sizeNumbers()[digits]?.format(value)} ${units[unit]}`
}

// Up to 0, 1 and 2 decimals in the window's locale ("1.54" in English, "1,54" in Spanish), no trailing zeros.
const sizeNumbers = perLocale((l) =>
  [0, 1, 2].map((digits) => new Intl.NumberFormat(l, { maximumFractionDigits: digits, useGrouping: false })),
)

const relative = perLocale((l) => new Intl.RelativeTimeFormat(l, { numeric: 'auto' }))

/** 90 → "1 minute ago", in the window's language. */
export function formatAgo(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '—'
  const steps: [number, Intl.RelativeTimeFormatUnit][] = [
    [60, 'second'],
    [60, 'minute'],
    [24, 'hour'],
    [30, 'day'],
    [12, 'month'],
    [Number.POSITIVE_INFINITY, 'year'],
  ]
  let value = Math.floor(seconds)
  for (const [size, unit] of steps) {
    if (value < size) return relative().format(value <= 1 && unit === 'second' ? 0 : -value, unit)
    value = Math.floor(value / size)
  }
  return '—'
}

// One formatter for the window: toLocaleString with a locale builds a new one on every call, and the file list
// formats a number for each row that scrolls into view.
const numbers = perLocale((l) => new Intl.NumberFormat(l))

export function formatNumber(n: number): string {
  return numbers().format(n)
}

/** "abcd" of a key's last four, shown as "••••abcd"; the renderer never sees more than that. */
export function maskedKey(lastFour: string): string {
  return `••••${lastFour}`
}

const durationUnits = perLocale((l) => ({
  h: new Intl.NumberFormat(l, { style: 'unit', unit: 'hour', unitDisplay: 'short' }),
  min: new Intl.NumberFormat(l, { style: 'unit', unit: 'minute', unitDisplay: 'short' }),
  s: new Intl.NumberFormat(l, { style: 'unit', unit: 'second', unitDisplay: 'short' }),
  list: new Intl.ListFormat(l, { type: 'unit', style: 'narrow' }),
}))

/** 75 → "1 min, 15 sec" (the window's language); for time left. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '—'
  const u = durationUnits()
  const s = Math.round(seconds)
  if (s < 60) return u.s.format(s)
  if (s < 3600)
    return u.list.format([u.min.format(Math.floor(s / 60)), ...(s % 60 ? [u.s.format(s % 60)] : [])])
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  return u.list.format([u.h.format(h), ...(m ? [u.min.format(m)] : [])])
}

/** 1536 → "1.54 KB/s". */
export function formatSpeed(bytesPerSec: number): string {
  return `${formatSize(bytesPerSec)}/s`
}
