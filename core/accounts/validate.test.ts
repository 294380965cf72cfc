import { describe, expect, it } from 'vitest'
import { UNSAFE_CHAR_RANGES } from '../../shared/unsafe-chars.ts'
import {
  keySuffix,
  maskKey,
  normaliseApiKey,
  normaliseBaseUrl,
  normaliseLabel,
  sameLabel,
} from './validate.ts'

const rejects = (fn: () => unknown, text: RegExp) => {
  expect(fn).toThrow(expect.objectContaining({ kind: 'invalid_input', message: expect.stringMatching(text) }))
}

describe('normaliseBaseUrl', () => {
  it.each([
    ['https://files.example.com', 'https://files.example.com'],
    ['  https://files.example.com/  ', 'https://files.example.com'],
    ['https://files.example.com/api', 'https://files.example.com'],
    ['https://files.example.com/API/', 'https://files.example.com'],
    ['https://Files.Example.COM:8443/xfs/api//', 'https://files.example.com:8443/xfs'],
    ['http://127.0.0.1:8080/', 'http://127.0.0.1:8080'],
    ['https://files.example.com/apis', 'https://files.example.com/apis'],
  ])('%s → %s', (raw, expected) => {
    expect(normaliseBaseUrl(raw)).toBe(expected)
  })

  it('refuses what is not an http(s) address or would leak into requests', () => {
    rejects(() => normaliseBaseUrl(''), /Enter the address/)
    rejects(() => normaliseBaseUrl('files.example.com'), /not a valid URL/)
    rejects(() => normaliseBaseUrl('ftp://files.example.com'), /https:\/\/ or http:\/\/ \(not ftp:\/\/\)/)
    rejects(() => normaliseBaseUrl('file:///etc/passwd'), /not file:/)
    rejects(() => normaliseBaseUrl('javascript:alert(1)'), /https:\/\/ or http:\/\//)
    rejects(() => normaliseBaseUrl('https://user:pw@files.example.com'), /user name or password/)
    rejects(() => normaliseBaseUrl('https://user@files.example.com'), /user name or password/)
    rejects(() => normaliseBaseUrl('https://files.example.com/api?key=x'), /"\?" or "#"/)
    rejects(() => normaliseBaseUrl('https://files.example.com/#x'), /"\?" or "#"/)
    rejects(() => normaliseBaseUrl(`https://files.example.com/${'a'.repeat(2100)}`), /too long/)
  })
})

describe('normaliseLabel', () => {
  it('trims and accepts ordinary names, emoji and accents', () => {
    expect(normaliseLabel('  Work  ')).toBe('Work')
    expect(normaliseLabel('Фото 📷')).toBe('Фото 📷')
    expect(normaliseLabel('Cafe\u0301')).toBe('Café')
    expect(normaliseLabel('x'.repeat(100))).toHaveLength(100)
  })

  it('refuses empty, too long, control and bidi-override characters', () => {
    rejects(() => normaliseLabel('   '), /Give the account a name/)
    rejects(() => normaliseLabel('x'.repeat(101)), /longer than 100/)
    rejects(() => normaliseLabel('a\nb'), /control characters/)
    rejects(() => normaliseLabel('a\u0000b'), /control characters/)
    rejects(() => normaliseLabel('invoice\u202Efdp.exe'), /control characters/)
  })

  it('holds labels to the one unsafe character set, ends of each range included', () => {
    for (const code of UNSAFE_CHAR_RANGES.flat())
      rejects(
        () => normaliseLabel(`a${String.fromCodePoint(code)}b`),
        /control characters or direction marks/,
      )
    expect(normaliseLabel('a\u200fb\u00a0c')).toBe('a\u200fb\u00a0c')
  })

  it('compares labels ignoring case', () => {
    expect(sameLabel('Work', 'wORK')).toBe(true)
    expect(sameLabel('Work', 'Home')).toBe(false)
  })
})

describe('normaliseApiKey', () => {
  it('forgives surrounding whitespace of a paste', () => {
    expect(normaliseApiKey('  abcdef123456\n')).toBe('abcdef123456')
  })

  it('refuses empty, too long, inner whitespace and control characters, without echoing the key', () => {
    rejects(() => normaliseApiKey(' '), /Enter the API key/)
    rejects(() => normaliseApiKey('k'.repeat(257)), /longer than 256/)
    rejects(() => normaliseApiKey('abc def'), /spaces or control/)
    rejects(() => normaliseApiKey('abc\u0007def'), /spaces or control/)
    rejects(() => normaliseApiKey('abc\u200Bdef'), /spaces or control/)
    let message = ''
    try {
      normaliseApiKey('secretvalue with space')
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toMatch(/spaces/)
    expect(message).not.toContain('secretvalue')
    expect(normaliseApiKey('k'.repeat(256))).toHaveLength(256)
  })
})

describe('masked key', () => {
  it('shows the last 4 characters of a normal key and hides short keys', () => {
    expect(maskKey(keySuffix('1a2b3c4d5e6f7g8habcd'))).toBe('••••abcd')
    expect(keySuffix('123456789abc')).toBe('9abc')
    expect(keySuffix('123456789')).toBe('9')
    expect(keySuffix('12345678')).toBe('')
    expect(maskKey(keySuffix('short'))).toBe('••••')
  })
})
