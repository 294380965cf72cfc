import { describe, expect, it } from 'vitest'
import { UNSAFE_CHAR_RANGES } from '../../shared/unsafe-chars.ts'
import { isJunkFile, isJunkFolder, nameProblem } from './scan-names.ts'
import { compareCodePoints, compareSegments } from './scan-order.ts'

const kind = (name: string, max = 255) => nameProblem(name, 'file', max)?.kind ?? null

describe('nameProblem', () => {
  it('accepts emoji, right-to-left text, implicit direction marks and Windows-forbidden characters', () => {
    for (const name of [
      '😀👍🏽.png',
      'ملف عربي.txt',
      'קובץ.txt',
      'mixed \u200Fmark.txt',
      '<>:"\\|?*.txt',
      '...',
    ]) {
      expect(kind(name)).toBeNull()
    }
  })

  it('flags the one unsafe character set (shared/unsafe-chars.ts), ends of each range included', () => {
    for (const code of [...UNSAFE_CHAR_RANGES.flat(), 0x0a, 0x1b, 0x85, 0x9b]) {
      expect(kind(`a${String.fromCharCode(code)}b.txt`)).toBe('control_characters')
    }
    expect(nameProblem('a\u202Eb.txt', 'file', 255)?.message).toContain('(U+202E)')
  })

  it('checks the name as it is on disk, before trimming', () => {
    expect(kind('a.txt\n')).toBe('control_characters')
  })

  it('counts length like the API client: UTF-16 units after trimming, so an emoji counts 2', () => {
    expect(kind('a'.repeat(255))).toBeNull()
    expect(kind(`  ${'a'.repeat(255)}  `)).toBeNull()
    expect(kind('a'.repeat(256))).toBe('name_too_long')
    expect(kind('😀'.repeat(127))).toBeNull()
    expect(kind('😀'.repeat(128))).toBe('name_too_long')
    expect(nameProblem('é'.repeat(200), 'folder', 255)).toBeNull() // 400 UTF-8 bytes, 200 characters
  })

  it('reserves empty, dot, dot-dot and blank names', () => {
    for (const name of ['', '.', '..', '   ', ' \u3000 ']) expect(kind(name)).toBe('reserved_name')
  })
})

describe('junk names', () => {
  it('knows OS bookkeeping files and folders, case-insensitively', () => {
    expect(isJunkFile('.DS_Store')).toBe(true)
    expect(isJunkFile('thumbs.DB')).toBe(true)
    expect(isJunkFile('desktop.ini')).toBe(true)
    expect(isJunkFile('DS_Store')).toBe(false)
    expect(isJunkFolder('$RECYCLE.BIN')).toBe(true)
    expect(isJunkFolder('System Volume Information')).toBe(true)
    expect(isJunkFolder('Photos')).toBe(false)
  })
})

describe('folder order', () => {
  it('compares by code point, not by UTF-16 unit or locale', () => {
    const names = ['😀', '\uFFFD', 'b', 'B', 'ä', 'a', '10', '9']
    expect([...names].sort(compareCodePoints)).toEqual(['10', '9', 'B', 'a', 'b', 'ä', '\uFFFD', '😀'])
  })

  it('puts a folder before its subfolders and compares segment by segment', () => {
    const dirs = [['a', 'b'], ['a-b'], ['a'], [], ['a', 'b', 'c'], ['a', 'B']]
    expect([...dirs].sort(compareSegments)).toEqual([
      [],
      ['a'],
      ['a', 'B'],
      ['a', 'b'],
      ['a', 'b', 'c'],
      ['a-b'],
    ])
  })
})
