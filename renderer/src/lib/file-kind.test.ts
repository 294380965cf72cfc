import { describe, expect, it } from 'vitest'
import { contrastRatio, parseColor } from './contrast.ts'
import { fileKind } from './file-kind.ts'

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
    const white = { r: 255, g: 255, b: 255, a: 1 }
    const badge = parseColor(fileKind(name).color)
    expect(badge).not.toBeNull()
    if (badge) expect(contrastRatio(white, badge)).toBeGreaterThanOrEqual(4.5)
  })

  it('labels by extension, no word without one (the badge shows a page then)', () => {
    expect(fileKind('Report.PDF').label).toBe('PDF')
    expect(fileKind('README').label).toBeNull()
    expect(fileKind('archive.verylongext').label).toBeNull()
  })
})
