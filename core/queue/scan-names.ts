import { defineMessages } from '@formatjs/intl'
import { firstUnsafeChar } from '../../shared/unsafe-chars.ts'
import { MAX_NAME_LENGTH } from '../api/validate.ts'
import { type ProblemText, problemText } from './problem-text.ts'

/**
 * Which file and folder names the scan lets through to the upload queue.
 *
 * Decisions:
 * - Length: hosts of this family keep names in a VARCHAR(255) column and truncate longer ones (two long names
 *   could then collide, and the link would not match the file), so the limit is 255. MySQL counts characters,
 *   not bytes, in such a column; we count UTF-16 code units after trimming, exactly as the API client's
 *   checkName does. That equals the character count for most text and counts an emoji as 2, so it is never more
 *   lenient than the host, and the client never refuses at upload time a name the scan let through. UTF-8 bytes
 *   are not counted: the name already exists on a local disk (whose byte limit it therefore fits), and the host
 *   limit is in characters.
 * - Control characters and direction marks: the one set of shared/unsafe-chars.ts, which names typed in the
 *   renderer and account labels are held to as well. Checked on the name as it is on disk, before trimming: the
 *   client trims, so `a.txt\n` would reach the host as another file's name.
 * - Reserved: empty, `.`, `..`, or only white space (the client trims names, so nothing would be left).
 * - Allowed as they are: emoji, right-to-left text, and characters Windows forbids (`<>:"\|?*`): POSIX file
 *   systems hold them and hosts store them; a Windows user downloading the file gets the browser's rename.
 */

export const DEFAULT_MAX_NAME_LENGTH = MAX_NAME_LENGTH

export type NameProblemKind = 'name_too_long' | 'control_characters' | 'reserved_name'

export interface NameProblem extends ProblemText {
  kind: NameProblemKind
}

const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`

/** `what` is 'file' or 'folder', for the message. */
export function nameProblem(name: string, what: 'file' | 'folder', maxLength: number): NameProblem | null {
  const trimmed = name.trim()
  if (trimmed === '' || trimmed === '.' || trimmed === '..') {
    const shown = { empty: name === '' ? 'yes' : 'no', name: JSON.stringify(name) }
    return { kind: 'reserved_name', ...problemText(NAMES.reserved, { what, ...shown }) }
  }
  const unsafe = firstUnsafeChar(name)
  if (unsafe !== null) {
    return { kind: 'control_characters', ...problemText(NAMES.control, { what, char: hex(unsafe) }) }
  }
  if (trimmed.length > maxLength) {
    const values = { what, length: trimmed.length, max: maxLength }
    return { kind: 'name_too_long', ...problemText(NAMES.tooLong, values) }
  }
  return null
}

/**
 * Operating-system bookkeeping files skipped silently when found inside a dropped folder (they are not the
 * user's data, and reporting hundreds of them would bury real problems). A path given explicitly is never
 * skipped: the user asked for it. Matched case-insensitively: Windows and macOS file systems are.
 */
const junkFiles = new Set(['.ds_store', 'thumbs.db', 'ehthumbs.db', 'desktop.ini', '.localized'])
const junkFolders = new Set([
  '.spotlight-v100',
  '.trashes',
  '.fseventsd',
  '.temporaryitems',
  '$recycle.bin',
  'system volume information',
])

export function isJunkFile(name: string): boolean {
  return junkFiles.has(name.toLowerCase())
}

export function isJunkFolder(name: string): boolean {
  return junkFolders.has(name.toLowerCase())
}

const NAMES = defineMessages({
  reserved: {
    id: 'queue.problem.reservedName',
    defaultMessage:
      'This {what, select, folder {folder} other {file}} has {empty, select, yes {an empty name} other {the name {name}}}, which the host cannot store.',
  },
  control: {
    id: 'queue.problem.controlCharacter',
    defaultMessage:
      "This {what, select, folder {folder's} other {file's}} name contains an invisible control character ({char}); such characters break links and can disguise a name. Rename it and add it again.",
  },
  tooLong: {
    id: 'queue.problem.nameTooLong',
    defaultMessage:
      "This {what, select, folder {folder's} other {file's}} name is {length, number} characters long; the host keeps at most {max, number} (emoji count as 2). Rename it and add it again.",
  },
})
