import { describe, expect, it } from 'vitest'
import { entryName, folderPathText, searchText } from './ipc/fields.ts'
import { firstUnsafeChar, hasUnsafeChar, UNSAFE_CHAR_RANGES } from './unsafe-chars.ts'

/** Each range's ends and their neighbours outside it: where a hand-written copy of the set would go wrong. */
const edges = UNSAFE_CHAR_RANGES.flat()
const outside = [0x20, 0x7e, 0xa0, 0x200e, 0x200f, 0x2027, 0x202f, 0x2065, 0x206a]

describe('the unsafe character set', () => {
  it.each([
    ['NUL', '\u0000', 0x0000],
    ['tab', 'a\tb', 0x0009],
    ['line feed', 'a\nb', 0x000a],
    ['escape', 'a\u001bb', 0x001b],
    ['DEL', 'a\u007fb', 0x007f],
    ['C1 next line', 'a\u0085b', 0x0085],
    ['C1 CSI', 'a\u009bb', 0x009b],
    ['line separator', 'a\u2028b', 0x2028],
    ['paragraph separator', 'a\u2029b', 0x2029],
    ['left-to-right embedding', 'a\u202ab', 0x202a],
    ['right-to-left override', 'invoice\u202Etxt.exe', 0x202e],
    ['left-to-right isolate', 'a\u2066b', 0x2066],
    ['pop directional isolate', 'a\u2069b', 0x2069],
    ['the first of two', 'a\u2066b\u0000', 0x2066],
  ])('refuses %s', (_what, text, code) => {
    expect(firstUnsafeChar(text)).toBe(code)
    expect(hasUnsafeChar(text)).toBe(true)
  })

  it.each([
    ['plain text', 'report 2024.pdf'],
    ['emoji, counted as two code units', '😀👍🏽.png'],
    ['right-to-left text', 'ملف عربي.txt'],
    ['Hebrew', 'קובץ.txt'],
    ['the implicit marks', 'a\u200eb\u200fc'],
    ['no-break and narrow no-break space', 'a\u00a0b\u202fc'],
    ['characters Windows forbids', '<>:"\\|?*.txt'],
    ['nothing', ''],
  ])('accepts %s', (_what, text) => {
    expect(firstUnsafeChar(text)).toBeNull()
    expect(hasUnsafeChar(text)).toBe(false)
  })

  it('is exactly its ranges, ends included', () => {
    for (const code of edges) expect(firstUnsafeChar(`a${String.fromCodePoint(code)}`)).toBe(code)
    for (const code of outside) expect(firstUnsafeChar(`a${String.fromCodePoint(code)}`)).toBeNull()
  })

  it('is what the contract refuses in names, search text and folder paths', () => {
    for (const schema of [entryName, searchText, folderPathText]) {
      for (const code of edges)
        expect(schema.safeParse(`a${String.fromCodePoint(code)}b`).success).toBe(false)
      for (const code of outside)
        expect(schema.safeParse(`a${String.fromCodePoint(code)}b`).success).toBe(true)
    }
  })
})
