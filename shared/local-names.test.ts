import { describe, expect, it } from 'vitest'
import {
  localNameKey,
  MAX_NAME_BYTES,
  numberedName,
  safeLocalName,
  safeRelDir,
  shortenName,
  utf8Length,
} from './local-names.ts'
import { UNSAFE_CHAR_RANGES } from './unsafe-chars.ts'

const CODE = 'abcdefghijkl'
const safe = (name: string, platform: string) => safeLocalName(name, platform, CODE)
const bytes = (text: string) => new TextEncoder().encode(text).length

describe('safeLocalName on Windows', () => {
  it.each([
    ['a plain name', 'report 2024.pdf', 'report 2024.pdf'],
    ['each forbidden character', 'a<b>c:d"e/f\\g|h?i*j.txt', 'a_b_c_d_e_f_g_h_i_j.txt'],
    ['a drive-like name', 'a:b', 'a_b'],
    ['a control character', 'a\tb.txt', 'a_b.txt'],
    ['NUL', 'a\u0000b', 'a_b'],
    ['a bidi override', 'invoice\u202Etxt.exe', 'invoice_txt.exe'],
    ['CON', 'CON', '_CON'],
    ['con in lower case', 'con', '_con'],
    ['CON with an extension', 'CON.txt', '_CON.txt'],
    ['NUL with two extensions', 'Nul.tar.gz', '_Nul.tar.gz'],
    ['a device name with a space before the dot', 'CON .txt', '_CON .txt'],
    ['PRN', 'prn.log', '_prn.log'],
    ['AUX', 'Aux', '_Aux'],
    ['COM1', 'COM1.dat', '_COM1.dat'],
    ['COM9', 'com9', '_com9'],
    ['LPT1', 'LPT1', '_LPT1'],
    ['LPT9 with an extension', 'lpt9.txt', '_lpt9.txt'],
    ['a superscript COM', 'COM¹', '_COM¹'],
    ['a device name with a trailing dot', 'CON.', '_CON'],
    ['not a device name: CONSOLE', 'CONSOLE.txt', 'CONSOLE.txt'],
    ['not a device name: COM10', 'COM10', 'COM10'],
    ['not a device name: a device name inside', 'my con.txt', 'my con.txt'],
    ['a trailing dot', 'notes.', 'notes'],
    ['a trailing space', 'notes.txt ', 'notes.txt'],
    ['trailing dots and spaces', 'draft . .', 'draft'],
    ['leading spaces kept', '  indented.txt', '  indented.txt'],
    ['only dots', '...', `file-${CODE}`],
    ['only spaces', '   ', `file-${CODE}`],
    ['empty', '', `file-${CODE}`],
    ['emoji and right-to-left text kept', '😀 ملف.txt', '😀 ملف.txt'],
  ])('%s', (_what, name, expected) => {
    expect(safe(name, 'win32')).toEqual({ name: expected, changed: expected !== name })
  })
})

describe('safeLocalName on macOS', () => {
  it.each([
    ['a plain name', 'report.pdf', 'report.pdf'],
    ['a colon', 'a:b.txt', 'a_b.txt'],
    ['a slash', 'a/b.txt', 'a_b.txt'],
    ['what Windows forbids but macOS allows', 'a<b>"c|d?e*f\\g.txt', 'a<b>"c|d?e*f\\g.txt'],
    ['a device name is an ordinary name', 'CON.txt', 'CON.txt'],
    ['a trailing dot is kept', 'notes.', 'notes.'],
    ['a control character', 'a\nb', 'a_b'],
    ['.', '.', `file-${CODE}`],
    ['..', '..', `file-${CODE}`],
  ])('%s', (_what, name, expected) => {
    expect(safe(name, 'darwin')).toEqual({ name: expected, changed: expected !== name })
  })
})

describe('safeLocalName on Linux (POSIX)', () => {
  it.each([
    ['a plain name', 'report.pdf', 'report.pdf'],
    ['a slash', 'a/b', 'a_b'],
    ['a slash that would climb', '../etc/passwd', '.._etc_passwd'],
    ['NUL', 'a\u0000b', 'a_b'],
    ['a colon is fine', 'a:b', 'a:b'],
    ['what Windows forbids', '<>:"\\|?*', '<>:"\\|?*'],
    ['a trailing space is kept', 'a ', 'a '],
    ['a device name is an ordinary name', 'nul', 'nul'],
    ['a dotfile', '.bashrc', '.bashrc'],
    ['empty', '', `file-${CODE}`],
    ['.', '.', `file-${CODE}`],
    ['..', '..', `file-${CODE}`],
  ])('%s', (_what, name, expected) => {
    expect(safe(name, 'linux')).toEqual({ name: expected, changed: expected !== name })
  })

  it('replaces each range of the one unsafe set, ends included', () => {
    for (const [first, last] of UNSAFE_CHAR_RANGES) {
      for (const cp of [first, last]) {
        expect(safe(`a${String.fromCodePoint(cp)}b`, 'linux').name).toBe('a_b')
        expect(safe(`a${String.fromCodePoint(cp)}b`, 'win32').name).toBe('a_b')
        expect(safe(`a${String.fromCodePoint(cp)}b`, 'darwin').name).toBe('a_b')
      }
    }
  })
})

describe('names over 255 UTF-8 bytes, on every OS', () => {
  it.each(['win32', 'darwin', 'linux'])('%s: shortened to 255 bytes, the extension kept', (platform) => {
    const long = `${'a'.repeat(300)}.pdf`
    const out = safe(long, platform)
    expect(out.changed).toBe(true)
    expect(bytes(out.name)).toBe(MAX_NAME_BYTES)
    expect(out.name).toBe(`${'a'.repeat(251)}.pdf`)
  })

  it('never splits a UTF-8 sequence nor a character made of several code points', () => {
    // 3-byte characters: 255 is a multiple of 3 with .txt taken away? 251 is not, so the cut falls inside one.
    const cjk = safe(`${'漢'.repeat(100)}.txt`, 'linux').name
    expect(bytes(cjk)).toBeLessThanOrEqual(MAX_NAME_BYTES)
    expect(cjk).toBe(`${'漢'.repeat(83)}.txt`)
    // A family emoji is 7 code points, 25 bytes; a flag 2 code points, 8 bytes.
    const family = '👨‍👩‍👧‍👦'
    const fam = safe(`${family.repeat(12)}.png`, 'darwin').name
    expect(fam).toBe(`${family.repeat(10)}.png`)
    const flags = safe(`${'🇫🇷'.repeat(40)}`, 'linux').name
    expect(flags).toBe('🇫🇷'.repeat(31))
    expect(bytes(flags)).toBe(248)
  })

  it('a name exactly 255 bytes long is kept; a long "extension" is cut like the rest', () => {
    const exact = `${'é'.repeat(125)}.pdf` // 250 + 4 = 254 bytes
    expect(safe(exact, 'linux')).toEqual({ name: exact, changed: false })
    const longExt = `a.${'b'.repeat(300)}`
    expect(safe(longExt, 'linux').name).toBe(`a.${'b'.repeat(253)}`)
  })

  it('Windows: a cut that ends on a space or dot loses it', () => {
    const name = `${'a'.repeat(254)} b` // no extension; the cut keeps "a…a " (255 bytes)
    const out = safe(name, 'win32').name
    expect(out).toBe('a'.repeat(254))
  })
})

describe('safeRelDir', () => {
  it.each([
    ['linux', ['Photos', '2024'], ['Photos', '2024'], false],
    ['linux', ['a/b', '..', '.', ''], ['a_b', 'folder', 'folder', 'folder'], true],
    ['win32', ['Backups:old', 'CON', 'notes.'], ['Backups_old', '_CON', 'notes'], true],
    ['darwin', ['a:b', 'c'], ['a_b', 'c'], true],
  ] as const)('%s: %j → %j', (platform, segments, expected, changed) => {
    expect(safeRelDir(segments, platform)).toEqual({ segments: expected, changed })
  })
})

describe('numberedName', () => {
  it.each([
    ['report.pdf', 1, 'report (1).pdf'],
    ['report.pdf', 2, 'report (2).pdf'],
    ['archive.tar.gz', 1, 'archive.tar (1).gz'],
    ['README', 1, 'README (1)'],
    ['.bashrc', 3, '.bashrc (3)'],
    ['.config.json', 1, '.config (1).json'],
  ] as const)('%s, copy %d → %s', (name, n, expected) => {
    expect(numberedName(name, n)).toBe(expected)
  })

  it('stays within 255 bytes, the extension and the number kept', () => {
    const out = numberedName(`${'x'.repeat(251)}.pdf`, 12)
    expect(bytes(out)).toBe(MAX_NAME_BYTES)
    expect(out.endsWith('x (12).pdf')).toBe(true)
  })
})

describe('helpers', () => {
  it('utf8Length counts as a file system stores the name', () => {
    for (const s of ['', 'abc', 'é', '漢字', '😀', '👨‍👩‍👧‍👦', 'a\ud800b'])
      expect(utf8Length(s)).toBe(bytes(s))
  })

  it('shortenName leaves a name that fits alone', () => {
    expect(shortenName('a.txt', 5)).toBe('a.txt')
    expect(shortenName('abc.txt', 5)).toBe('a.txt')
  })

  it('localNameKey folds case and normalisation on Windows and macOS, not on Linux', () => {
    expect(localNameKey('Report.PDF', 'win32')).toBe(localNameKey('report.pdf', 'win32'))
    expect(localNameKey('Cafe\u0301', 'darwin')).toBe(localNameKey('café', 'darwin'))
    expect(localNameKey('Report.PDF', 'linux')).not.toBe(localNameKey('report.pdf', 'linux'))
  })
})
