import { describe, expect, it } from 'vitest'
import { fileKind } from './file-kind.ts'

/** WCAG 2.1's contrast ratio of two #rrggbb colours (relative luminance, 1.4.3). */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    }) as [number, number, number]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

describe('fileKind', () => {
  // One name per family, and one of no family: the badge's white label must read on each colour (WCAG AA, 4.5:1).
  const names = [
    'a.jpg',
    'a.mp4',
    'a.mp3',
    'a.zip',
    'a.pdf',
    'a.txt',
    'a.csv',
    'a.pptx',
    'a.ts',
    'a.exe',
    'a.xyz',
    'README',
  ]
  it.each(names)('the white label of %s has a contrast of at least 4.5:1', (name) => {
    expect(contrast('#ffffff', fileKind(name).color)).toBeGreaterThanOrEqual(4.5)
  })

  it('labels by extension, FILE without one', () => {
    expect(fileKind('Report.PDF').label).toBe('PDF')
    expect(fileKind('README').label).toBe('FILE')
  })
})
