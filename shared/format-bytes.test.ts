import { describe, expect, it } from 'vitest'
import { formatBytes } from './format-bytes.ts'

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [999, '999 B'],
    [1000, '1.0 KB'],
    [1536, '1.5 KB'],
    [9_949, '9.9 KB'],
    [9_960, '10 KB'],
    [999_499, '999 KB'],
    [999_960, '1.0 MB'],
    [2_400_000, '2.4 MB'],
    [10_000_000, '10 MB'],
    [5.5e9, '5.5 GB'],
    [3e18, '3000 PB'],
  ])('%d bytes → %s (decimal units)', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text)
  })

  it('shows nonsense as 0 B rather than NaN or a negative size', () => {
    expect(formatBytes(Number.NaN)).toBe('0 B')
    expect(formatBytes(-5)).toBe('0 B')
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe('0 B')
  })

  it.each([
    [1023, '1023 B'],
    [1024, '1.0 KiB'],
    [1536, '1.5 KiB'],
    [1_048_576, '1.0 MiB'],
    [1_048_000, '1023 KiB'],
    [1_048_500, '1.0 MiB'],
    [5 * 1024 ** 3, '5.0 GiB'],
  ])('%d bytes → %s (binary units, the setting)', (bytes, text) => {
    expect(formatBytes(bytes, 'binary')).toBe(text)
  })

  it('writes the number in the reader’s locale when told one (main’s messages in the window’s language): its digits too (Egyptian Arabic writes Arabic-Indic ones)', () => {
    expect(formatBytes(1536, 'decimal', 'es')).toBe('1,5 KB')
    expect(formatBytes(1536, 'binary', 'ar-EG')).toBe('١٫٥ KiB')
    expect(formatBytes(12_345, 'decimal', 'pt-BR')).toBe('12 KB')
    expect(formatBytes(4321, 'decimal', 'tr')).toBe('4,3 KB')
  })
})
