import { describe, expect, it } from 'vitest'
import { setFormatLocale } from '../i18n/format-locale.ts'
import {
  formatAgo,
  formatDuration,
  formatNumber,
  formatSize,
  formatSpeed,
  kiloBytes,
  kiloName,
  maskedKey,
  setSizeUnits,
} from './format.ts'

describe('formatSize (decimal units, as main and the CLI)', () => {
  it.each([
    [0, '0 B'],
    [999, '999 B'],
    [1000, '1 KB'],
    [1536, '1.54 KB'],
    [12_345, '12.3 KB'],
    [999_999, '1 MB'],
    [2_500_000, '2.5 MB'],
    [5.5e9, '5.5 GB'],
    [1e15, '1 PB'],
  ])('%d → %s', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text)
  })

  it('shows a dash for sizes that are not sizes', () => {
    expect(formatSize(-1)).toBe('—')
    expect(formatSize(Number.NaN)).toBe('—')
    expect(formatSpeed(1536)).toBe('1.54 KB/s')
  })
})

describe('times and counts', () => {
  it('says how long ago and how long is left in words', () => {
    expect(formatAgo(0)).toBe('now')
    expect(formatAgo(45)).toBe('45 seconds ago')
    expect(formatAgo(90)).toBe('1 minute ago')
    expect(formatAgo(2 * 86_400)).toBe('2 days ago')
    expect(formatAgo(-5)).toBe('—')
    expect(formatDuration(75)).toBe('1 min 15 sec')
    expect(formatDuration(3_600 + 120)).toBe('1 hr 2 min')
    expect(formatDuration(null)).toBe('—')
  })

  it('counts with thousands separators in the locale, and masks a key to its last four', () => {
    expect(formatNumber(12_000)).toBe('12,000')
    expect(maskedKey('abcd')).toBe('••••abcd')
  })
})

describe('in the window’s locale', () => {
  it('decimal commas, relative times and durations follow the language, and come back with it', () => {
    setFormatLocale('es')
    try {
      expect(formatSize(1536)).toBe('1,54 KB')
      expect(formatAgo(90)).toBe('hace 1 minuto')
      expect(formatDuration(3_600 + 120)).toBe('1 h 2 min')
    } finally {
      setFormatLocale('en')
    }
    expect(formatSize(1536)).toBe('1.54 KB')
  })
})

describe('formatSize with the binary setting', () => {
  it.each([
    [1000, '1000 B'],
    [1024, '1 KiB'],
    [1536, '1.5 KiB'],
    [100_000, '97.7 KiB'],
    [1_048_000, '1023 KiB'],
    [1_048_500, '1 MiB'],
    [5 * 1024 ** 3, '5 GiB'],
  ])('%d → %s', (bytes, text) => {
    setSizeUnits('binary')
    try {
      expect(formatSize(bytes)).toBe(text)
      expect(formatSpeed(bytes)).toBe(`${text}/s`)
      expect(kiloName()).toBe('KiB')
      expect(kiloBytes()).toBe(1024)
    } finally {
      setSizeUnits('decimal')
    }
  })

  it('goes back to decimal units, the default', () => {
    expect(formatSize(100_000)).toBe('100 KB')
    expect(kiloName()).toBe('KB')
    expect(kiloBytes()).toBe(1000)
  })
})
