/**
 * The one set of characters no name the app stores or shows may hold: typed names and search text (the
 * contract's fields), account labels, and the file and folder names a drop's scan lets through.
 *
 * - C0 and C1 controls, DEL (U+0000–U+001F, U+007F–U+009F): invisible, and a line break splits a link list.
 * - The line and paragraph separators U+2028/U+2029, for the same reason.
 * - The explicit bidi embedding/override/isolate controls U+202A–U+202E and U+2066–U+2069: they are how
 *   `invoice\u202Etxt.exe` is made to display as `invoiceexe.txt` ("Trojan Source"-style spoofing).
 *
 * Right-to-left text itself (Arabic, Hebrew), emoji and the implicit marks U+200E/U+200F are fine. Each place
 * words its refusal for its own context; the set and the check are these.
 */
export const UNSAFE_CHAR_RANGES: readonly (readonly [first: number, last: number])[] = [
  [0x0000, 0x001f],
  [0x007f, 0x009f],
  [0x2028, 0x2029],
  [0x202a, 0x202e],
  [0x2066, 0x2069],
]

const hex = (code: number) => code.toString(16).padStart(4, '0')
const UNSAFE_CLASS = `[${UNSAFE_CHAR_RANGES.map(([a, b]) => `\\u${hex(a)}-\\u${hex(b)}`).join('')}]`
const UNSAFE = new RegExp(UNSAFE_CLASS, 'u')
const UNSAFE_ALL = new RegExp(UNSAFE_CLASS, 'gu')

/** The code point of the first unsafe character of `text`, or null when it has none. */
export function firstUnsafeChar(text: string): number | null {
  const found = UNSAFE.exec(text)
  return found === null ? null : (found[0].codePointAt(0) ?? null)
}

export const hasUnsafeChar = (text: string): boolean => UNSAFE.test(text)

/** `text` with each unsafe character replaced by `by`: for names that must be made safe, not refused. */
export const replaceUnsafeChars = (text: string, by: string): string => text.replace(UNSAFE_ALL, by)
