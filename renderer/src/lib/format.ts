import type { SizeUnits } from '../../../shared/ipc/settings.ts'

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
  return `${value.toFixed(digits).replace(/\.0+$|(\.\d*?)0+$/, '$1')} ${units[unit]}`
}

/** 90 → "2 minutes ago". */
export function formatAgo(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '—'
  const steps: [number, string][] = [
    [60, 'second'],
    [60, 'minute'],
    [24, 'hour'],
    [30, 'day'],
    [12, 'month'],
    [Number.POSITIVE_INFINITY, 'year'],
  ]
  let value = Math.floor(seconds)
  for (const [size, name] of steps) {
    if (value < size) return value <= 1 && name === 'second' ? 'just now' : plural(value, name, 'ago')
    value = Math.floor(value / size)
  }
  return '—'
}

function plural(n: number, word: string, suffix: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'} ${suffix}`
}

// One formatter for the window: toLocaleString with a locale builds a new one on every call, and the file list
// formats a number for each row that scrolls into view.
const numbers = new Intl.NumberFormat('en-US')

export function formatCount(n: number, word: string): string {
  return `${numbers.format(n)} ${word}${n === 1 ? '' : 's'}`
}

export function formatNumber(n: number): string {
  return numbers.format(n)
}

/** "abcd" of a key's last four, shown as "••••abcd"; the renderer never sees more than that. */
export function maskedKey(lastFour: string): string {
  return `••••${lastFour}`
}

/** 75 → "1 min 15 s"; for time left. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '—'
  const s = Math.round(seconds)
  if (s < 60) return `${s} s`
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  return `${h} h${m ? ` ${m} min` : ''}`
}

/** 1536 → "1.54 KB/s". */
export function formatSpeed(bytesPerSec: number): string {
  return `${formatSize(bytesPerSec)}/s`
}
