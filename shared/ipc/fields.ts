import { z } from 'zod'
import { accountIdSchema } from '../accounts.ts'

/**
 * Field schemas shared by the contract's inputs. The renderer is untrusted: every value is bounded in type,
 * length and charset before main acts on it.
 */

// C0/C1 controls, line/paragraph separators, and the bidi overrides that can make `evil\u202Etxt.exe` display
// as `evilexe.txt`.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE_TEXT = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u

const safeText = (what: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${what} is longer than ${max} characters`)
    .refine((s) => !UNSAFE_TEXT.test(s), `${what} contains control characters`)

/** A file or folder name as the user typed it. Slashes are allowed: the spec does not forbid them. */
export const entryName = safeText('Name', 255).pipe(z.string().min(1, 'Name is empty'))

/** A search filter for file/list; empty means "no filter". */
export const searchText = safeText('Search text', 255)

/**
 * The spec shows file codes as 12 lower-case letters and digits "as shown". A careful client tolerates other
 * lengths and upper case (hosts of this family differ) but nothing outside [A-Za-z0-9], which keeps codes safe
 * to put in URLs and paths.
 */
export const fileCode = z
  .string()
  .min(1, 'File code is empty')
  .max(64, 'File code is longer than 64 characters')
  .regex(/^[A-Za-z0-9]+$/, 'File code may contain only letters and digits')

/** Folder ids are integers; 0 is the root. */
export const folderId = z.number().int('Folder id must be an integer').min(0).max(Number.MAX_SAFE_INTEGER)

/** An http(s) URL without credentials, as given to files/check. */
export const httpUrl = z
  .string()
  .trim()
  .min(1, 'URL is empty')
  .max(2048, 'URL is longer than 2048 characters')
  .superRefine((s, ctx) => {
    const u = URL.canParse(s) ? new URL(s) : null
    if (u === null || (u.protocol !== 'http:' && u.protocol !== 'https:') || u.hostname === '') {
      ctx.addIssue({ code: 'custom', message: 'Not an http(s) URL' })
    } else if (u.username !== '' || u.password !== '') {
      ctx.addIssue({ code: 'custom', message: 'URL must not contain a user name or password' })
    }
  })

/** Account ids are made by the account store (shared/accounts.ts bounds them); the store looks them up. */
export const accountId = accountIdSchema

/** An optional account to act on; the active account when absent. */
export const accountScope = { accountId: accountId.optional() }

/**
 * An absolute local path on the machine running main (POSIX `/…`, Windows `C:\…` or `\\server\share\…`). The
 * renderer cannot know which platform main runs on in the browser host, so both forms pass here; the queue's
 * scan checks the path for real. Only NUL is refused outright: no file system accepts it, while other odd
 * characters are reported per file by the scan, with the file named.
 */
export const absolutePath = z
  .string()
  .min(1, 'Path is empty')
  .max(4096, 'Path is longer than 4096 characters')
  .refine((s) => !s.includes('\u0000'), 'Path contains a NUL character')
  .refine(
    (s) => s.startsWith('/') || /^[A-Za-z]:[\\/]/.test(s) || /^\\\\[^\\]+\\[^\\]+/.test(s),
    'Path must be absolute',
  )

/** Queue item and batch ids (random UUIDs made in main; any short token is tolerated). */
export const queueId = z
  .string()
  .min(1, 'Id is empty')
  .max(100, 'Id is longer than 100 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'Id may contain only letters, digits, - and _')

/**
 * The target folder's path on the host (`photos/2024`), only for the upload history and link packs; the
 * folder itself is `fldId`.
 */
export const folderPathText = safeText('Folder path', 4096)
