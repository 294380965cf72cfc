import { describe, expect, it } from 'vitest'
import { fitsInLines, graphemes, middleEllipsis, splitExtension } from './middle-ellipsis.ts'

const chars = (n: number) => (text: string) => graphemes(text).length <= n

describe('splitExtension', () => {
  it('splits at the last dot, not a leading one, and not before a long tail', () => {
    expect(splitExtension('report.final.pdf')).toEqual(['report.final', '.pdf'])
    expect(splitExtension('.bashrc')).toEqual(['.bashrc', ''])
    expect(splitExtension('README')).toEqual(['README', ''])
    expect(splitExtension('notes.from-the-meeting-with-legal')).toEqual([
      'notes.from-the-meeting-with-legal',
      '',
    ])
    expect(splitExtension('archive.tar.gz')).toEqual(['archive.tar', '.gz'])
  })
})

describe('middleEllipsis', () => {
  it('leaves a name that fits alone, underscores and all', () => {
    expect(middleEllipsis('dump_50.pdf', chars(20))).toBe('dump_50.pdf')
  })

  it('keeps the start and end of the stem and the whole extension', () => {
    const name = 'a_very_long_holiday_photo_name_2024_final_version.jpeg'
    const shown = middleEllipsis(name, chars(24))
    expect(shown).toHaveLength(24)
    expect(shown).toBe('a_very_lo…l_version.jpeg')
    expect(shown.endsWith('.jpeg')).toBe(true)
  })

  it('uses every character the box allows (the longest that fits)', () => {
    const name = `${'x'.repeat(100)}.txt`
    for (const n of [6, 7, 20, 50]) expect(graphemes(middleEllipsis(name, chars(n)))).toHaveLength(n)
  })

  it('never cuts an emoji or an accented letter in two', () => {
    const name = `${'👩‍👩‍👧'.repeat(10)}é${'é'.repeat(10)}.png`
    const shown = middleEllipsis(name, chars(12))
    expect(graphemes(shown)).toHaveLength(12)
    expect(shown).toBe('👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧…ééé.png')
  })

  it('a box too small for anything but the extension still shows the extension', () => {
    expect(middleEllipsis('long-name-here.pdf', chars(3))).toBe('….pdf')
  })
})

describe('fitsInLines', () => {
  const one = () => 1
  it('breaks anywhere, greedily, into at most the given lines', () => {
    expect(fitsInLines('abcdefghij', 5, 2, one)).toBe(true)
    expect(fitsInLines('abcdefghijk', 5, 2, one)).toBe(false)
    expect(fitsInLines('', 5, 2, one)).toBe(true)
  })

  it('counts each character at its own width', () => {
    const wide = (g: string) => (g === 'W' ? 3 : 1)
    // "WWa": W (3) on the first line, W and a (4) on the second.
    expect(fitsInLines('WWa', 5, 2, wide)).toBe(true)
    expect(fitsInLines('WWW', 5, 2, wide)).toBe(false)
    // A character wider than the line takes a line of its own.
    expect(fitsInLines('W', 2, 1, wide)).toBe(false)
  })
})
