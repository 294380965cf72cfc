import { z } from 'zod'
import { accountIdSchema, BASE_URL_MAX_CHARS } from '../accounts.ts'
import { FiledockError } from '../errors.ts'
import { hasUnsafeChar } from '../unsafe-chars.ts'
import { MAX_NAME_LENGTH } from './limits.ts'

/**
 * The one set of field rules: the contract's inputs (the renderer is untrusted) and the API client's argument
 * checks (core/api/validate.ts) both use these schemas, so a value the app refuses is refused everywhere, with
 * the same words. Every value is bounded in type, length and charset before anything acts on it.
 */

export const MAX_FILE_CODE_LENGTH = 64

const safeText = (what: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${what} is longer than ${max} characters`)
    .refine((s) => !hasUnsafeChar(s), `${what} contains control characters or direction marks`)

/** A file or folder name as the user typed it. Slashes are allowed: the spec does not forbid them. */
export const entryName = z
  .string('Name must be text')
  .trim()
  .min(1, 'Name is empty')
  .max(MAX_NAME_LENGTH, `Name is longer than ${MAX_NAME_LENGTH} characters`)
  .refine((s) => !hasUnsafeChar(s), 'Name contains control characters or direction marks')

/** A search filter for file/list; empty means "no filter". */
export const searchText = safeText('Search text', 255)

/**
 * The spec shows file codes as 12 lower-case letters and digits "as shown". A careful client tolerates other
 * lengths and upper case (hosts of this family differ) but nothing outside [A-Za-z0-9], which keeps codes safe
 * to put in URLs and paths.
 */
export const fileCode = z
  .string('File code must be text')
  .trim()
  .min(1, 'File code is empty')
  .max(MAX_FILE_CODE_LENGTH, `File code is longer than ${MAX_FILE_CODE_LENGTH} characters`)
  .regex(/^[A-Za-z0-9]+$/, "File code may contain only letters and digits, as in the file's link")

const wholeNumber = (what: string, min: number) =>
  z
    .number(`${what} must be a number`)
    .int(`${what} must be a whole number`)
    .min(min, `${what} must be ${min} or more`)
    .max(Number.MAX_SAFE_INTEGER, `${what} is too large`)

/** Folder ids are integers; 0 is the root. */
export const folderId = wholeNumber('Folder id', 0)

/** Page numbers and page sizes of file/list. */
export const positiveCount = wholeNumber('The number', 1)

/** file/list's `public` flag: the spec shows 0/1; other whole numbers are passed on for the host to judge. */
export const flagNumber = z.number('The flag must be a number').int('The flag must be a whole number')

/** `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS`, the host's timestamp form (file/list `created`). */
export const hostTimestamp = z
  .string('The date must be text')
  .trim()
  .regex(
    /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/,
    'The date must look like 2024-01-31 or 2024-01-31 12:00:00',
  )

/**
 * An http(s) URL without credentials, for files/check and remote uploads: a user name or password in the URL
 * would be handed to the host and end up in its logs.
 */
export const httpUrl = z
  .string('URL must be text')
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

/**
 * A file host's base address as a person pastes it: surrounding spaces, a trailing slash, or the `/api` part of
 * an endpoint address are removed, because every call adds `/api/...` itself. A path prefix is kept (a host may
 * live under one). The one base URL normaliser: the account store and the API client both use it.
 */
export const hostBaseUrl = z.string('The host address must be text').transform((raw, ctx) => {
  const refuse = (message: string) => {
    ctx.addIssue({ code: 'custom', message })
    return z.NEVER
  }
  const text = raw.trim()
  if (text === '') return refuse('Enter the address of the file host, e.g. https://files.example.com.')
  if (text.length > BASE_URL_MAX_CHARS) return refuse('The host address is too long.')
  if (!URL.canParse(text))
    return refuse('The host address is not a valid URL; it must start with https:// or http://.')
  const url = new URL(text)
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return refuse(`The host address must start with https:// or http:// (not ${url.protocol}//).`)
  // The key is the only credential; user:password in the URL would be sent along and end up in logs.
  if (url.username !== '' || url.password !== '')
    return refuse('The host address must not contain a user name or password.')
  // The client appends `/api/<operation>?key=…`; a query or fragment here would corrupt every call.
  if (url.search !== '' || url.hash !== '') return refuse('The host address must not contain "?" or "#".')
  let path = url.pathname.replace(/\/+$/, '')
  if (/\/api$/i.test(path)) path = path.slice(0, -'/api'.length).replace(/\/+$/, '')
  return `${url.origin}${path}`
})

/**
 * Parses one value with one of these schemas outside the contract (the API client, the account store), turning
 * a refusal into an `invalid_input` error whose message is the schema's own words, so both paths read alike.
 */
export function parseField<T>(
  schema: z.ZodType<T>,
  value: unknown,
  where: { field?: string; operation?: string } = {},
): T {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const said = parsed.error.issues[0]?.message ?? 'The value is not accepted'
  const message = where.field === undefined ? said : `${said} (${where.field}).`
  throw new FiledockError({
    kind: 'invalid_input',
    message: /[.!?)]$/.test(message) ? message : `${message}.`,
    ...(where.operation === undefined ? {} : { operation: where.operation }),
  })
}

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
