import { lazy } from './lazy.ts'
import { replaceUnsafeChars } from './unsafe-chars.ts'

/**
 * The names a downloaded file or a mirrored folder gets on the local disk: the host's name, made safe for the
 * operating system that writes it. The upload side refuses unsafe names (core/queue/scan-names.ts); a download
 * cannot refuse the host's name, so it changes it and says so (`changed`), the way browsers do.
 *
 * Rule sets, by `platform` as `process.platform` spells it:
 * - every OS: the characters of shared/unsafe-chars.ts (controls, NUL included, line separators, bidi
 *   overrides), the one set the app holds every name to; names over 255 UTF-8 bytes (ext4, APFS, NTFS in UTF-16
 *   is looser) are shortened, keeping the extension and whole characters (a flag or an emoji with a skin tone is
 *   never split); an empty name, `.` and `..` become `file-<code>`.
 * - 'win32': `<>:"/\|?*` too; no trailing dot or space (Windows drops them, so `a.` and `a` would be one file);
 *   the device names CON PRN AUX NUL COM0-9 LPT0-9 (and COM¹²³ LPT¹²³, as Microsoft's naming rules list them),
 *   in any case and with any extension (`con.txt`, `Nul.tar.gz` name the device too), get a `_` in front.
 * - 'darwin': `/` and `:` (Finder shows a `:` as `/`, and the Carbon layer splits on it).
 * - anything else (Linux, the BSDs): `/`.
 * Each replaced character becomes `_`.
 */

/** A file system's limit for one name, in UTF-8 bytes (ext4, APFS, btrfs, XFS). */
export const MAX_NAME_BYTES = 255

/** A longer "extension" is part of the name (`a.<300 characters>`), not something to keep whole. */
const MAX_EXTENSION_BYTES = 32

const FORBIDDEN: Readonly<Record<'win32' | 'darwin' | 'posix', RegExp>> = {
  win32: /[<>:"/\\|?*]/g,
  darwin: /[/:]/g,
  posix: /\//g,
}

const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i

/**
 * Made at the first name too long to keep whole, not when this module loads: a segmenter starts ICU (~7–10 ms),
 * and every `filedock upload` loads this module (through the queue's downloads) without cutting a name.
 */
const graphemeSegmenter = lazy(() => new Intl.Segmenter(undefined, { granularity: 'grapheme' }))

export interface SafeName {
  name: string
  /** The name differs from the host's: the caller reports the change. */
  changed: boolean
}

/** The host's file name made safe for `platform`; `fileCode` names a file whose name leaves nothing. */
export function safeLocalName(name: string, platform: string, fileCode: string): SafeName {
  const safe = safeSegment(name, platform, `file-${fileCode}`)
  return { name: safe, changed: safe !== name }
}

/**
 * A mirrored folder path (the host's folder names under the download's folder), each name made safe as file
 * names are. A name that leaves nothing becomes `folder`; `.` and `..` can never climb out of the target.
 */
export function safeRelDir(
  segments: readonly string[],
  platform: string,
): { segments: string[]; changed: boolean } {
  const safe = segments.map((s) => safeSegment(s, platform, 'folder'))
  return { segments: safe, changed: safe.some((s, i) => s !== segments[i]) }
}

function safeSegment(name: string, platform: string, fallback: string): string {
  const windows = platform === 'win32'
  let out = replaceUnsafeChars(name, '_').replace(FORBIDDEN[rulesOf(platform)], '_')
  if (windows) {
    out = withoutTrailingDotsOrSpaces(out)
    // Windows reads the device name up to the first dot, ignoring spaces before it (`CON .txt` too).
    if (WINDOWS_DEVICE.test((out.split('.')[0] ?? '').trimEnd())) out = `_${out}`
  }
  // Shortening keeps at least 200 bytes of the stem, so it never cuts a name down to a device name; it can end
  // the name on a space or a dot when there is no extension.
  out = shortenName(out, MAX_NAME_BYTES)
  if (windows) out = withoutTrailingDotsOrSpaces(out)
  return out === '' || out === '.' || out === '..' ? fallback : out
}

function rulesOf(platform: string): 'win32' | 'darwin' | 'posix' {
  return platform === 'win32' || platform === 'darwin' ? platform : 'posix'
}

const withoutTrailingDotsOrSpaces = (name: string): string => name.replace(/[. ]+$/, '')

/**
 * `name` cut to at most `maxBytes` UTF-8 bytes, its extension kept (unless the extension alone is long) and
 * the stem cut between whole characters.
 */
export function shortenName(name: string, maxBytes: number): string {
  // A UTF-16 unit is at most 3 bytes (a pair of them 4): most names are short enough without counting (a plan
  // names 100,000 files).
  if (name.length * 3 <= maxBytes || utf8Length(name) <= maxBytes) return name
  const { stem, ext } = splitExtension(name)
  return cutToBytes(stem, maxBytes - utf8Length(ext)) + ext
}

/**
 * The `n`th "keep both" name: `report (1).pdf`, `README (2)`, `.bashrc (1)`, as file managers and browsers number
 * copies; shortened to fit the byte limit. A text instead of a number tags a copy the same way (a file code).
 */
export function numberedName(name: string, n: number | string): string {
  const { stem, ext } = splitExtension(name)
  const tag = ` (${n})`
  return cutToBytes(stem, MAX_NAME_BYTES - utf8Length(tag) - utf8Length(ext)) + tag + ext
}

/** The last `.ext` of a name; none for a dotfile (`.bashrc`) or an overlong one. */
function splitExtension(name: string): { stem: string; ext: string } {
  const dot = name.lastIndexOf('.')
  if (dot <= 0) return { stem: name, ext: '' }
  const ext = name.slice(dot)
  return utf8Length(ext) > MAX_EXTENSION_BYTES ? { stem: name, ext: '' } : { stem: name.slice(0, dot), ext }
}

/** The longest start of `text` of whole characters (graphemes) within `maxBytes` UTF-8 bytes. */
function cutToBytes(text: string, maxBytes: number): string {
  if (utf8Length(text) <= maxBytes) return text
  let out = ''
  let used = 0
  for (const { segment } of graphemeSegmenter().segment(text)) {
    const bytes = utf8Length(segment)
    if (used + bytes > maxBytes) break
    out += segment
    used += bytes
  }
  if (out !== '' || maxBytes <= 0) return out
  // A single grapheme larger than the whole budget (a long run of combining marks): whole code points then.
  for (const ch of text) {
    const bytes = utf8Length(ch)
    if (used + bytes > maxBytes) break
    out += ch
    used += bytes
  }
  return out
}

/** UTF-8 bytes of a string as a file system stores it (a lone surrogate becomes U+FFFD: 3 bytes). */
export function utf8Length(text: string): number {
  let bytes = 0
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4
  }
  return bytes
}

/**
 * The key two names collide under on `platform`'s usual file systems: NTFS and APFS/HFS+ ignore case (and APFS
 * the Unicode normalisation form), ext4 compares bytes. For plans; the disk's own answer at rename time decides.
 */
export function localNameKey(name: string, platform: string): string {
  return rulesOf(platform) === 'posix' ? name : name.normalize('NFC').toLowerCase()
}
